// A minimal iCalendar (RFC 5545) event, so the trip lands in the customer's calendar at the
// right instant whatever their own time zone: times are written in UTC. One writer for the
// confirmation e-mail's attachment, the confirmation page's "Add to calendar" and the staff feed.
function octets(s: string): number {
  let n = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}

function icsTime(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Escapes text values (RFC 5545 §3.3.11). */
export function icsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/\n/g, '\\n')
    .replace(/([,;])/g, '\\$1');
}

/** Folds lines longer than 75 octets, as the RFC asks. */
export function fold(line: string): string {
  const out: string[] = [];
  let rest = line;
  while (octets(rest) > 75) {
    let cut = 75;
    while (octets(rest.slice(0, cut)) > 75) cut--;
    out.push(rest.slice(0, cut));
    rest = ` ${rest.slice(cut)}`;
  }
  out.push(rest);
  return out.join('\r\n');
}

export function calendarEvent(input: {
  uid: string;
  start: Date;
  end: Date;
  stamp: Date;
  summary: string;
  location: string;
  description: string;
}): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//AD Boat Rental//Bookings//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${input.uid}`,
    // A booking's event keeps its UID when its date changes: a later e-mail's event must read as
    // a revision, so its SEQUENCE grows with the instant it was written (minutes since 1970).
    `SEQUENCE:${String(Math.floor(input.stamp.getTime() / 60_000))}`,
    `DTSTAMP:${icsTime(input.stamp)}`,
    `DTSTART:${icsTime(input.start)}`,
    `DTEND:${icsTime(input.end)}`,
    `SUMMARY:${icsText(input.summary)}`,
    `LOCATION:${icsText(input.location)}`,
    `DESCRIPTION:${icsText(input.description)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** A map search for the meeting point's address (or the harbour's name when it has none). */
export function meetingMapUrl(address: string, name = ''): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address || name)}`;
}
