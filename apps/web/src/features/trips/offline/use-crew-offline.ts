// Makes a crew member's phone ready for the harbour while a crew page is open: the installable
// app (its manifest and service worker), the data saved for use without signal, refreshed now,
// every SYNC_EVERY_MS and as soon as the signal returns (crew-sync.ts). Nothing for the admin or
// owners, whose pages behave as before.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../shared/auth/auth-context';
import { crewOffline, useCrewOfflineState, type CrewOfflineState } from './crew-offline-state';
import { SYNC_EVERY_MS, syncCrewData } from './crew-sync';

/** Pages opened within this long of the last sync do not start another. */
const SYNC_AGAIN_AFTER_MS = 60_000;
let lastStarted = 0;

function installable(): void {
  if (!document.querySelector('link[rel="manifest"]')) {
    document.head.append(
      Object.assign(document.createElement('link'), { rel: 'manifest', href: '/crew.webmanifest' }),
    );
  }
  // Built files only: the development server has no crew-sw.js (vite.config.ts writes it).
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    navigator.serviceWorker.register('/crew-sw.js', { scope: '/admin/' }).catch(() => undefined);
  }
}

export function useCrewOffline(): CrewOfflineState & { crew: boolean } {
  const { user, accessToken, refresh } = useAuth();
  const queryClient = useQueryClient();
  const crew = user?.role === 'crew';
  const email = crew ? user.email : null;
  const signedIn = accessToken !== null;

  useEffect(() => {
    if (!email) return;
    installable();
    const sync = async (force: boolean) => {
      if (!force && Date.now() - lastStarted < SYNC_AGAIN_AFTER_MS) return;
      lastStarted = Date.now();
      const before = crewOffline.get().checkins.filter((c) => c.state === 'waiting').length;
      await syncCrewData(email).catch(() => undefined);
      // What was sent shows on the manifest and the trips' boarded counts (a forced sync may
      // have sent a licence or a condition record too).
      const after = crewOffline.get().checkins.filter((c) => c.state === 'waiting').length;
      if (after !== before || force) await queryClient.invalidateQueries({ queryKey: ['trips'] });
    };
    const online = () => {
      crewOffline.markOnline();
      // A session restored without signal has no token yet: get one, then send and refresh.
      void (signedIn ? sync(true) : refresh().then(() => sync(true)));
    };
    const offline = () => crewOffline.markOffline();
    void crewOffline.reloadCheckins().catch(() => undefined);
    if (signedIn) void sync(false);
    const timer = setInterval(() => signedIn && void sync(true), SYNC_EVERY_MS);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, [email, signedIn, refresh, queryClient]);

  return { ...useCrewOfflineState(), crew };
}
