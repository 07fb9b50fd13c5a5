// A private photo of a booking (a licence, the boat's condition, a damage claim's evidence), read
// with the staff member's token: a plain <img src> would carry none. Crew's manifest and the back
// office's booking both show them.
import { useEffect, useState } from 'react';
import { adminFile } from '../auth/admin-fetch';

/** A private photo's bytes (the bearer proves who reads it), for an <img> through an object URL. */
async function fetchEvidencePhoto(bookingId: string, photo: string): Promise<Blob> {
  const url = `/api/crew/bookings/${encodeURIComponent(bookingId)}/self-drive/photos/${photo}-480.webp`;
  return (await adminFile(url, `${photo}.webp`)).blob;
}

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
