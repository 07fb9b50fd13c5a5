export { FleetSection } from './fleet-section';
export { boatsFromAnswer, boatsQueryOptions } from './api/get-boats';
export { useBoats } from './api/get-boats';
