// A private photo of a booking (a licence, the boat's condition), read with the crew's token: a
// plain <img src> would carry none.
import { useEffect, useState } from 'react';
import { fetchEvidencePhoto } from './api/licence-check';

export function EvidencePhoto({ bookingId, photo, alt }: { bookingId: string; photo: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let gone = false;
    void fetchEvidencePhoto(bookingId, photo)
      .then((blob) => {
        if (gone) return;
        url = URL.createObjectURL(blob);
        setSrc(url);
      })
      .catch(() => undefined);
    return () => {
      gone = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [bookingId, photo]);
  return src ? <img src={src} alt={alt} width={480} /> : null;
}
