// The boats a reseller may sell, on its card (docs/channels.md#which-boats-a-reseller-sells): a
// box per boat with its owner's name, or "every boat whose owner opts in"; a boat its owner opted
// out of cannot be ticked and says why. OCTO answers only the boats both the owner and the admin allow.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Reseller, ResellerBoatChoice } from '@boats/domain/schemas/resellers';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { useResellerBoats } from './api/get-reseller-boats';
import { useSetResellerBoats } from './api/set-reseller-boats';
import styles from './admin-resellers.module.css';

export function ResellerBoats({ reseller }: { reseller: Reseller }) {
  const { t } = useTranslation('admin-resellers');
  const errorText = useAdminErrorText();
  const choices = useResellerBoats();
  const save = useSetResellerBoats();
  const [allOptedIn, setAllOptedIn] = useState(reseller.boats.allOptedIn);
  const [picked, setPicked] = useState(() => new Set(reseller.boats.boatIds));
  const [saved, setSaved] = useState(false);
  const titleId = `reseller-boats-${reseller._id}`;

  const toggle = (boatId: string, on: boolean) => {
    setSaved(false);
    setPicked((before) => {
      const next = new Set(before);
      if (on) next.add(boatId);
      else next.delete(boatId);
      return next;
    });
  };

  return (
    <section aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.keysTitle}>
        {t('boats.title')}
      </h3>
      {choices.isPending ? (
        <p>{t('boats.loading')}</p>
      ) : choices.isError ? (
        <Banner tone="error">{errorText(choices.error)}</Banner>
      ) : (
        <form
          className={styles.boats}
          onSubmit={(event) => {
            event.preventDefault();
            setSaved(false);
            save.mutate(
              { resellerId: reseller._id, choice: { allOptedIn, boatIds: [...picked] } },
              { onSuccess: () => setSaved(true) },
            );
          }}
        >
          <label className={styles.boatChoice}>
            <input
              type="checkbox"
              checked={allOptedIn}
              onChange={(event) => {
                setSaved(false);
                setAllOptedIn(event.target.checked);
              }}
            />
            {t('boats.allOptedIn')}
          </label>
          {choices.data.length === 0 ? (
            <p>{t('boats.none')}</p>
          ) : (
            <ul className={styles.keys}>
              {choices.data.map((boat) => (
                <BoatChoice
                  key={boat._id}
                  boat={boat}
                  checked={boat.resellersAllowed && (allOptedIn || picked.has(boat._id))}
                  disabled={allOptedIn || !boat.resellersAllowed}
                  onChange={(on) => toggle(boat._id, on)}
                />
              ))}
            </ul>
          )}
          <button type="submit" className={button.secondary} disabled={save.isPending}>
            {t('boats.save')}
          </button>
        </form>
      )}
      {save.isError && <Banner tone="error">{errorText(save.error)}</Banner>}
      {saved && <Banner tone="success">{t('boats.saved')}</Banner>}
    </section>
  );
}

function BoatChoice({
  boat,
  checked,
  disabled,
  onChange,
}: {
  boat: ResellerBoatChoice;
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  const { t } = useTranslation('admin-resellers');
  const noteId = `boat-note-${boat._id}`;
  const note = !boat.resellersAllowed
    ? t('boats.ownerOptedOut')
    : !boat.onPublicSite
      ? t('boats.notOnSite')
      : null;
  return (
    <li>
      <label className={styles.boatChoice}>
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-describedby={note ? noteId : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>
          {boat.title} <span className={styles.contact}>· {boat.ownerName}</span>
        </span>
      </label>
      {note && (
        <p id={noteId} className={styles.boatNote}>
          {note}
        </p>
      )}
    </li>
  );
}
