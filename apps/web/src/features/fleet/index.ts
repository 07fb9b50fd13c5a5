export { FleetSection } from './fleet-section';
export { boatsQueryOptions } from './api/get-boats';
export { useBoats } from './api/get-boats';
