// Reads QR codes from the phone's camera. The browser's own BarcodeDetector where it exists
// (Android Chrome, Safari), otherwise jsQR on canvas frames (desktop Linux Chromium, Firefox);
// jsQR loads only when needed. Stops the camera when paused or unmounted.
import { useEffect, useRef, useState, type RefObject } from 'react';

type Detector = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
type DetectorClass = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats?: () => Promise<string[]>;
};

const SCAN_EVERY_MS = 250;

async function makeReader(video: HTMLVideoElement): Promise<() => Promise<string | null>> {
  const Native = (window as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  const formats = Native ? ((await Native.getSupportedFormats?.()) ?? []) : [];
  if (Native && formats.includes('qr_code')) {
    const detector = new Native({ formats: ['qr_code'] });
    return async () => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return () => {
    const { videoWidth: w, videoHeight: h } = video;
    if (!context || w === 0 || h === 0) return Promise.resolve(null);
    canvas.width = w;
    canvas.height = h;
    context.drawImage(video, 0, 0, w, h);
    const found = jsQR(context.getImageData(0, 0, w, h).data, w, h, { inversionAttempts: 'dontInvert' });
    return Promise.resolve(found?.data ?? null);
  };
}

export type ScannerState = 'idle' | 'starting' | 'scanning' | 'unavailable';

/**
 * While `active`, shows the camera in the returned `videoRef`'s element and calls `onCode` with
 * each code read.
 */
export function useQrScanner(
  active: boolean,
  onCode: (code: string) => void,
): { state: ScannerState; videoRef: RefObject<HTMLVideoElement | null> } {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<ScannerState>('idle');
  const latest = useRef(onCode);
  useEffect(() => {
    latest.current = onCode;
  });

  useEffect(() => {
    const element = video.current;
    if (!active || !element) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = async () => {
      setState('starting');
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
        if (stopped) return;
        element.srcObject = stream;
        await element.play();
        const read = await makeReader(element);
        setState('scanning');
        const tick = async () => {
          if (stopped) return;
          const code = await read().catch(() => null);
          if (stopped) return;
          if (code) latest.current(code);
          else timer = setTimeout(() => void tick(), SCAN_EVERY_MS);
        };
        void tick();
      } catch {
        if (!stopped) setState('unavailable');
      }
    };
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
      element.srcObject = null;
      setState('idle');
    };
  }, [active]);

  return { state, videoRef: video };
}
