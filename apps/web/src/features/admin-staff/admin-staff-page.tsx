// /admin/staff: who can sign in to the back office (admins) and to the crew screens (crew), and
// what the crew may do beyond the usual (the owner's permissions for their crew).
import { useTranslation } from 'react-i18next';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { AdminLayout } from '../../shared/admin/admin-layout';
import { Banner } from '../../shared/ui/banner';
import { PageLoading } from '../../shared/ui/page-loading';
import { useStaff } from './api/get-staff';
import { NewStaffForm } from './new-staff-form';
import { CrewPermissionsSection } from './crew-permissions-section';
import { StaffList } from './staff-list';
import listAndForm from '../../shared/admin/list-and-form.module.css';
import styles from './admin-staff.module.css';

export default function AdminStaffPage() {
  const { t } = useTranslation('admin-staff');
  return (
    <AdminLayout title={t('title')}>
      <StaffScreen />
    </AdminLayout>
  );
}

/** Inside the layout's guard, so the list is asked for only once an admin is signed in. */
export function StaffScreen() {
  const { t } = useTranslation('admin-staff');
  const errorText = useAdminErrorText();
  const staff = useStaff();
  return (
    <>
      <p className={listAndForm.intro}>{t('intro')}</p>
      <div className={listAndForm.layout}>
        {staff.isPending ? (
          <PageLoading />
        ) : staff.isError ? (
          <Banner tone="error">{errorText(staff.error)}</Banner>
        ) : (
          <StaffList accounts={staff.data} />
        )}
        <div className={styles.side}>
          <NewStaffForm />
          <CrewPermissionsSection />
        </div>
      </div>
    </>
  );
}
