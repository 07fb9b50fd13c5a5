// The landing page (docs/product.md §2), in the spec's order: hero, fleet, two split heroes, why us,
// contact, footer; with the side menu, the floating buttons and the preferences button.
// The booking and sign-in dialogs are split out and fetched the first time they open.
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../shared/auth/auth-context';
import { BookingDialog, useBookingDialogAddress } from '../../features/booking';
import { PreferencesButton } from '../../features/consent';
import { ContactSection } from '../../features/contact';
import { FleetSection } from '../../features/fleet';
import { FloatingBook, SiteFooter, SiteMenu } from '../../shared/layout';
import button from '../../shared/ui/button.module.css';
import { Hero } from './hero';
import { SplitHeroes } from './split-hero';
import { useDocumentMeta } from './use-document-meta';
import { useSiteRating } from './api/get-site-rating';
import { useHash } from './use-hash';
import { WhyUs } from './why-us';

const SignInDialog = lazy(() =>
  import('../../shared/auth/sign-in-dialog').then((m) => ({ default: m.SignInDialog })),
);

/** The hero and the fleet have Book buttons of their own, and the contact form is where the
 * floating "Book now" leads (its Send must not be covered): the floating ones step aside there. */
const FLOATING_BOOK_STEPS_ASIDE = ['home', 'fleet', 'contact'] as const;

export function LandingPage() {
  useDocumentMeta();
  const { t } = useTranslation('landing');
  const { user, restoring, signingOut, signOut } = useAuth();
  const signedIn = Boolean(user?.email);
  const [hash, clearHash] = useHash();
  const [signInOpen, setSignInOpen] = useState(false);
  // The booking dialog is in the address (`/?book=…`); its code loads the first time it opens.
  const booking = useBookingDialogAddress();
  const [bookingRequested, setBookingRequested] = useState(false);
  if (booking.open && !bookingRequested) setBookingRequested(true);

  // /#login opens the sign-in dialog for a visitor who is signed out, once the saved session
  // (if any) has been restored so a signed-in admin does not see it flash. Once open, the dialog
  // stays until it closes itself, so its success message can show after signing in.
  const [handledHash, setHandledHash] = useState('');
  if (hash === '#login' && !restoring && handledHash !== hash) {
    setHandledHash(hash);
    if (!signedIn) setSignInOpen(true);
  }
  if (hash !== '#login' && handledHash !== '') setHandledHash('');

  const closeSignIn = () => {
    setSignInOpen(false);
    if (hash === '#login') clearHash();
  };

  const rating = useSiteRating();

  const accountAction = signedIn ? (
    <button type="button" className={button.light} disabled={signingOut} onClick={() => void signOut()}>
      {signingOut ? t('hero.signingOut') : t('hero.signOut')}
    </button>
  ) : (
    <button type="button" className={button.light} aria-haspopup="dialog" onClick={() => setSignInOpen(true)}>
      {t('hero.signIn')}
    </button>
  );

  return (
    <>
      <SiteMenu />
      <main>
        <Hero accountAction={accountAction} rating={rating} />
        <FleetSection onBook={booking.openFor} />
        <SplitHeroes />
        <WhyUs rating={rating} />
        <ContactSection />
      </main>
      <SiteFooter />
      <FloatingBook hideOver={FLOATING_BOOK_STEPS_ASIDE} />
      <PreferencesButton />

      {bookingRequested && (
        <Suspense fallback={null}>
          <BookingDialog open={booking.open} boatId={booking.boatId} onClose={booking.close} />
        </Suspense>
      )}
      {signInOpen && (
        <Suspense fallback={null}>
          <SignInDialog open onClose={closeSignIn} />
        </Suspense>
      )}
    </>
  );
}
