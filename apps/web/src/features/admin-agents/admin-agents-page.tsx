// /admin/agents: the hotel desks and harbour sellers who sell trips on commission
// (docs/channels.md#agents): each one's month and balance, the cash it hands over recorded as a
// settlement, and a new agent's account.
import { useTranslation } from 'react-i18next';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { AdminLayout } from '../../shared/admin/admin-layout';
import { Banner } from '../../shared/ui/banner';
import { PageLoading } from '../../shared/ui/page-loading';
import { useAgents } from './api/get-agents';
import { AgentList } from './agent-list';
import { NewAgentForm } from './new-agent-form';
import listAndForm from '../../shared/admin/list-and-form.module.css';

export default function AdminAgentsPage() {
  const { t } = useTranslation('admin-agents');
  return (
    <AdminLayout title={t('title')} access="admin">
      <AgentsScreen />
    </AdminLayout>
  );
}

/** Inside the layout's guard, so the list is asked for only once an admin is signed in. */
export function AgentsScreen() {
  const { t } = useTranslation('admin-agents');
  const errorText = useAdminErrorText();
  const agents = useAgents();
  return (
    <>
      <p className={listAndForm.intro}>{t('intro')}</p>
      <div className={listAndForm.layout}>
        {agents.isPending ? (
          <PageLoading />
        ) : agents.isError ? (
          <Banner tone="error">{errorText(agents.error)}</Banner>
        ) : (
          <AgentList agents={agents.data} />
        )}
        <NewAgentForm />
      </div>
    </>
  );
}
