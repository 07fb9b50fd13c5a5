export { FleetSection } from './fleet-section';
