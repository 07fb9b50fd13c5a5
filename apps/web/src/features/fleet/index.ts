export { FleetSection } from './fleet-section';
export { boatsQueryOptions } from './api/get-boats';
