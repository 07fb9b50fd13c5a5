// The agents, one card each: this month's sales and commission, the cash held for the operator,
// what was handed over and what is still owed; and the settlement form: the cash the admin
// received, confirmed before it is recorded, since it lowers what the agent owes for good.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canaryDateKey, formatDateKey } from '@boats/domain/canary-time';
import { formatEuros, formatNumber } from '@boats/domain/money';
import { agentSettlementFormSchema, type Agent } from '@boats/domain/schemas/agents';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { useLanguage } from '../../shared/i18n/use-language';
import { Badge } from '../../shared/ui/badge';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import card from '../../shared/ui/card.module.css';
import { EmailText } from '../../shared/ui/email-text';
import { Form, FormError, FormField, useZodForm } from '../../shared/ui/form';
import { useRecordSettlement } from './api/record-settlement';
import styles from './admin-agents.module.css';
import listAndForm from '../../shared/admin/list-and-form.module.css';

export function AgentList({ agents }: { agents: Agent[] }) {
  const { t } = useTranslation('admin-agents');
  return (
    <section aria-labelledby="agents-title">
      <h2 id="agents-title" className={listAndForm.cardTitle}>
        {t('list.title')}
      </h2>
      {agents.length === 0 ? (
        <p>{t('list.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {agents.map((agent) => (
            <AgentCard key={agent._id} agent={agent} />
          ))}
        </ul>
      )}
    </section>
  );
}

function AgentCard({ agent }: { agent: Agent }) {
  const { t } = useTranslation('admin-agents');
  const lng = useLanguage();
  const euros = (amount: number) => formatEuros(amount, lng);
  // On the card, not the form: the form goes once nothing is owed, the news stays.
  const [recorded, setRecorded] = useState<number | null>(null);
  return (
    <li className={`${card.panel} ${styles.agent}`} aria-label={agent.name}>
      <div className={styles.head}>
        <span className={styles.name}>{agent.name}</span>
        <Badge tone="info">
          {t('list.commission', { percent: formatNumber(agent.commissionPercent, lng) })}
        </Badge>
      </div>
      <p className={styles.contact}>
        <EmailText email={agent.email} />
      </p>
      <dl className={styles.figures}>
        <div>
          <dt>{t('list.sold', { count: agent.month.bookings })}</dt>
          <dd>{euros(agent.month.sold)}</dd>
        </div>
        <div>
          <dt>{t('list.earned')}</dt>
          <dd>{euros(agent.month.commission)}</dd>
        </div>
        <div>
          <dt>{t('list.cashHeld')}</dt>
          <dd>{euros(agent.balance.held)}</dd>
        </div>
        <div>
          <dt>{t('list.settledMonth')}</dt>
          <dd>{euros(agent.month.settled)}</dd>
        </div>
        <div>
          <dt>{t('list.settled')}</dt>
          <dd>{euros(agent.balance.settled)}</dd>
        </div>
        <div>
          <dt>{t('list.owed')}</dt>
          <dd>{euros(agent.balance.owed)}</dd>
        </div>
      </dl>
      {agent.balance.lastSettlement && (
        <p className={styles.contact}>
          {t('list.lastSettled', {
            amount: euros(agent.balance.lastSettlement.amount),
            day: formatDateKey(agent.balance.lastSettlement.receivedOn, lng),
          })}
        </p>
      )}
      {agent.balance.owed > 0 && (
        // Asked again after each settlement: the amount to start from is what is owed now.
        <SettlementForm key={agent.balance.owed} agent={agent} onRecorded={setRecorded} />
      )}
      {recorded !== null && (
        <Banner tone="success">{t('settle.done', { amount: formatEuros(recorded, lng) })}</Banner>
      )}
    </li>
  );
}

type Settlement = { amount: number; note?: string | undefined; receivedOn: string };

function SettlementForm({ agent, onRecorded }: { agent: Agent; onRecorded: (amount: number) => void }) {
  const { t } = useTranslation('admin-agents');
  const lng = useLanguage();
  const settle = useRecordSettlement();
  const errorText = useAdminErrorText();
  const [asked, setAsked] = useState<Settlement | null>(null);
  const form = useZodForm(agentSettlementFormSchema, {
    defaultValues: { amount: String(agent.balance.owed), note: '', receivedOn: canaryDateKey(new Date()) },
  });

  return (
    <div className={styles.settle}>
      <h3 className={styles.settleTitle}>{t('settle.title')}</h3>
      {asked ? (
        <div role="group" aria-label={t('settle.confirmLabel')} className={styles.confirm}>
          <p>
            {t('settle.confirm', {
              amount: formatEuros(asked.amount, lng),
              name: agent.name,
              day: formatDateKey(asked.receivedOn, lng),
            })}
          </p>
          {settle.isError && <Banner tone="error">{errorText(settle.error)}</Banner>}
          <div className={styles.actions}>
            <button
              type="button"
              className={button.primary}
              disabled={settle.isPending}
              onClick={() =>
                settle.mutate(
                  { agentId: agent._id, body: asked },
                  {
                    onSuccess: () => {
                      onRecorded(asked.amount);
                      setAsked(null);
                    },
                  },
                )
              }
            >
              {t('settle.yes')}
            </button>
            <button type="button" className={button.secondary} onClick={() => setAsked(null)}>
              {t('settle.no')}
            </button>
          </div>
        </div>
      ) : (
        <Form
          form={form}
          className={styles.settleForm}
          onSubmit={(values) => {
            settle.reset();
            setAsked({
              amount: values.amount,
              note: values.note || undefined,
              receivedOn: values.receivedOn,
            });
          }}
        >
          <FormField name="amount" label={t('settle.amount')} inputMode="decimal" autoComplete="off" />
          <FormField name="receivedOn" label={t('settle.receivedOn')} type="date" />
          <FormField name="note" label={t('settle.note')} autoComplete="off" />
          <FormError />
          <button type="submit" className={button.secondary}>
            {t('settle.submit')}
          </button>
        </Form>
      )}
    </div>
  );
}
