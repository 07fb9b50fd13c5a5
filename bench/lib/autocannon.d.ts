// The part of autocannon's API the bench uses (the package ships no types).
declare module 'autocannon' {
  type Context = Record<string, unknown>;
  export type AutocannonRequest = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: AutocannonRequest, context: Context) => AutocannonRequest | undefined;
    onResponse?: (status: number, body: string, context: Context) => void;
  };
  export type AutocannonOptions = {
    url: string;
    connections: number;
    pipelining?: number;
    duration: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: AutocannonRequest[];
  };
  type Histogram = { average: number; mean: number; total: number; p50: number; p99: number; max: number };
  export type AutocannonResult = {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    statusCodeStats: Record<string, { count: number }>;
  };
  function autocannon(options: AutocannonOptions): Promise<AutocannonResult>;
  export default autocannon;
}
