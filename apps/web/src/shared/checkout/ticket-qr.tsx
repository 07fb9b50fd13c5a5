// A ticket's QR code on screen, drawn from the same path as the downloadable ticket, so the
// crew can scan it straight from the phone.
import { useMemo } from 'react';
import { qrPathData } from './ticket-svg';

export function TicketQr({ code, label, size = 132 }: { code: string; label: string; size?: number }) {
  const d = useMemo(() => qrPathData(code, 0, 0, size), [code, size]);
  return (
    <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label}>
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
