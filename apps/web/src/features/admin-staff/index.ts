export { AdminStaffPage } from './admin-staff-page';
