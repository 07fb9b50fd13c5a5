// An e-mail address that may wrap only after its '@' or before a '.', never in the middle of a
// word (a narrow column otherwise splits "maria.lopez@…" at any letter).
import { Fragment } from 'react';

export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/);
  return (
    <span style={{ overflowWrap: 'normal', wordBreak: 'keep-all' }}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
