/**
 * Who sold a booking (docs/channels.md#channels): the site's own checkout, a reseller through
 * the OCTO API, an agent (a hotel desk or harbour seller), the crew at the harbour (a walk-in),
 * or the operator (the admin or an owner) in the back office. The server derives it from the
 * rows a sale leaves (`bookingChannelSql`), never stores it twice.
 */
export const BOOKING_CHANNELS = ['site', 'reseller', 'agent', 'walk_in', 'operator'] as const;
export type BookingChannel = (typeof BOOKING_CHANNELS)[number];
