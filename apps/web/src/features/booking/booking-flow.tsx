// Placeholder replaced by the full flow below in this feature's own work.
export default function BookingFlow(_props: { boatId: string | null; onExit?: () => void }) {
  return null;
}
