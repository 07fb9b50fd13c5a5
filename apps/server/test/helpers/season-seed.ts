// A marketplace's season in the database, for `npm run bench -- --scale season` and its reduced
// form in test/postgres/season-scale.test.ts (docs/performance.md#a-season-at-marketplace-scale).
// Set-based SQL only (generate_series, insert … select): 300,000 bookings with their tickets,
// charter claims, history and ledger take seconds, where row-by-row inserts would take an hour.
//
// Boats are added to what is there (the demo fleet, say), so the bench can grow one database
// from 7 to 50 to 200 boats. Each boat sails every day of two years, one year back and one
// ahead: a charter boat offers a morning and an afternoon charter, one in four boats two shared
// trips. Bookings go to random trips of the new boats: past ones mostly completed, future ones
// paid or confirmed, a tenth refunded (paid, then the money back) and a tenth canceled before
// paying; every paid booking has its succeeded payment, every refunded one its refund, every
// completed one its owner's earning line.
// Triggers are off while it runs (session_replication_role = replica: no NOTIFY per row, no
// foreign-key check per row; the rows are consistent by construction), so it needs a superuser
// and a database no server is caching yet.
import { DEFAULT_PAYOUT_DELAY_DAYS } from '@boats/domain/earnings';

export type Sql = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export type SeasonSize = {
  /** Boats to add. */
  boats: number;
  /** Bookings to add, spread over the new boats' trips. */
  bookings: number;
  /** Owners the new boats belong to (when the schema has owners). */
  owners?: number;
  /** The season's middle; trips run a year either side of it. */
  now?: Date;
};

const DAYS_BACK = 365;
const DAYS_AHEAD = 365;

export async function seedSeason(sql: Sql, size: SeasonSize): Promise<{ boatIds: string[] }> {
  const now = size.now ?? new Date();
  const run = `season_${Date.now().toString(36)}`;
  await sql('begin');
  try {
    await sql(`set local session_replication_role = replica`);
    const ownerIds = await seedOwners(sql, run, size.owners ?? Math.max(1, Math.round(size.boats / 5)));
    // Boats: one in four sells shared trips (10 to 12 seats), the others charters.
    const boatRows = await sql(
      `insert into boats (slug, title, description, capacity, price_per_hour_cents, price_half_day_cents,
         price_per_day_cents, shared_price_per_hour_cents, shared_min_seats_to_depart, min_duration_hours,
         max_duration_hours, port_name, verified, sort_order ${ownerIds ? ', owner_id' : ''})
       select $1 || '-' || n,
         jsonb_build_object('en', 'Season boat ' || n, 'es', 'Barco de temporada ' || n, 'ru', 'Лодка сезона ' || n),
         jsonb_build_object('en', 'A boat of the season bench.'),
         10 + n % 3, 9000 + (n % 7) * 1000, 30000, 55000, case when n % 4 = 0 then 2500 else 0 end,
         case when n % 4 = 0 then 4 else 0 end, 2, 8, 'Puerto Colón', true, 100 + n
         ${ownerIds ? ', ($3::uuid[])[1 + n % array_length($3::uuid[], 1)]' : ''}
       from generate_series(1, $2::int) as n
       returning id`,
      ownerIds ? [run, size.boats, ownerIds] : [run, size.boats],
    );
    const boatIds = boatRows.map((r) => String(r.id));

    // Two trips a day per boat, 09:00–13:00 and 14:00–18:00 (UTC), for two years.
    await sql(
      `insert into slots (boat_id, type, starts_at, ends_at, is_open, seat_price_cents, seats_total)
       select b.id, case when b.shared_price_per_hour_cents > 0 then 'shared' else 'private' end,
         d + h * interval '1 hour', d + (h + 4) * interval '1 hour', true,
         b.shared_price_per_hour_cents, case when b.shared_price_per_hour_cents > 0 then b.capacity else 0 end
       from boats b
       cross join generate_series(date_trunc('day', $2::timestamptz) - $3 * interval '1 day',
                                  date_trunc('day', $2::timestamptz) + $4 * interval '1 day', interval '1 day') as d
       cross join (values (9), (14)) as hours(h)
       where b.id = any($1::uuid[])`,
      [boatIds, now.toISOString(), DAYS_BACK, DAYS_AHEAD],
    );

    // The bookings' places: a charter slot takes one party, a shared trip three of 2 or 3 seats.
    // A stable random order (hash of the slot and the place) picks which places are booked.
    await sql(
      `create temp table season_bookings on commit drop as
       select gen_random_uuid() as id, s.id as slot_id, s.boat_id, s.type, s.starts_at, s.ends_at,
         b.price_per_hour_cents, s.seat_price_cents, p.place,
         case when s.type = 'shared' then 2 + p.place % 2 else 0 end as seats,
         abs(hashtext(s.id::text || p.place)) % 100 as luck,
         row_number() over () as n
       from slots s
       join boats b on b.id = s.boat_id
       cross join lateral generate_series(1, case when s.type = 'shared' then 3 else 1 end) as p(place)
       where s.boat_id = any($1::uuid[])
       order by abs(hashtext(s.id::text || '/' || p.place))
       limit $2`,
      [boatIds, size.bookings],
    );
    await sql(
      `alter table season_bookings add column status text, add column gross int, add column paid boolean`,
    );
    await sql(
      `update season_bookings set
         status = case
           when luck >= 90 then 'canceled'
           when luck >= 80 then 'refunded'
           when ends_at < $1::timestamptz then 'completed'
           when luck < 40 then 'paid'
           else 'confirmed' end,
         gross = case when type = 'shared' then seats * seat_price_cents * 4 else price_per_hour_cents * 4 end`,
      [now.toISOString()],
    );
    await sql(`update season_bookings set paid = status <> 'canceled'`);
    await sql(
      `insert into bookings (id, boat_id, slot_id, type, starts_at, ends_at, status,
         hold_expires_at, seats, adults, customer_name, customer_email, customer_phone, language,
         amount_gross_cents, commission_bps, provider, provider_payment_id,
         paid_at, created_at, updated_at)
       select id, boat_id, slot_id, type, starts_at, ends_at, status,
         case when paid then null else starts_at - interval '20 days' end,
         case when type = 'shared' then seats else 4 end, case when type = 'shared' then seats else 4 end,
         'Customer ' || n, 'customer' || (n % 50000) || '@season.example', '+34 600 ' || lpad((n % 1000000)::text, 6, '0'),
         (array['en', 'es', 'ru'])[1 + n % 3],
         gross, 1500,
         'sandbox', case when paid then 'season_' || id end,
         case when paid then starts_at - (luck % 30 + 1) * interval '1 day' end,
         starts_at - (luck % 30 + 1) * interval '1 day', starts_at - (luck % 30 + 1) * interval '1 day'
       from season_bookings`,
    );
    await sql(
      `insert into booking_slots (booking_id, slot_id, active)
       select id, slot_id, status in ('paid', 'confirmed', 'completed') from season_bookings where type = 'private'`,
    );
    await sql(
      `insert into tickets (booking_id, code, kind, seat_no, passenger_type, price_paid_cents, created_at)
       select sb.id, 'S' || replace(sb.id::text, '-', '') || seat, 'seat', (sb.place - 1) * 3 + seat, 'adult',
         sb.seat_price_cents * 4, sb.starts_at - interval '1 day'
       from season_bookings sb cross join generate_series(1, sb.seats) as seat
       where sb.type = 'shared' and sb.status in ('paid', 'confirmed', 'completed')`,
    );
    await sql(
      `update slots s set seats_taken = sold.seats
       from (select slot_id, sum(seats)::int as seats from season_bookings
             where type = 'shared' and status in ('paid', 'confirmed', 'completed') group by slot_id) sold
       where s.id = sold.slot_id`,
    );
    await sql(
      `insert into booking_history (booking_id, at, actor, from_status, to_status)
       select id, starts_at - (luck % 30 + 1) * interval '1 day', 'system', null, status from season_bookings`,
    );
    await sql(
      `insert into payments (booking_id, provider, provider_id, amount_cents, status, created_at, updated_at)
       select id, 'sandbox', 'season_' || id, gross, 'succeeded',
         starts_at - (luck % 30 + 1) * interval '1 day', starts_at - (luck % 30 + 1) * interval '1 day'
       from season_bookings where paid`,
    );
    await sql(
      `insert into refunds (booking_id, payment_id, provider, provider_id, amount_cents, status, actor, reason, cause,
         created_at, updated_at)
       select sb.id, p.id, 'sandbox', 'season_refund_' || sb.id, sb.gross, 'succeeded', 'system',
         'Season bench', 'operator', p.created_at + interval '2 days', p.created_at + interval '2 days'
       from season_bookings sb join payments p on p.booking_id = sb.id
       where sb.status = 'refunded'`,
    );
    if (ownerIds) {
      // Each completed trip's earning line, as the completion job writes it (earnings.ts): the
      // fee at the sale's rate rounded half up once (the domain's shareAtBps, which the test
      // season-scale.test.ts holds these lines to), payable DEFAULT_PAYOUT_DELAY_DAYS after the trip.
      await sql(
        `insert into owner_earning_lines (owner_id, booking_id, kind, net_cents, fee_cents, owner_cents,
           commission_bps, earned_at, payable_at, created_at)
         select b.owner_id, sb.id, 'trip', sb.gross, split.fee, sb.gross - split.fee, 1500,
           sb.ends_at, sb.ends_at + $1::int * interval '1 day', sb.ends_at
         from season_bookings sb
         join boats b on b.id = sb.boat_id
         cross join lateral (select (2 * sb.gross::bigint * 1500 + 10000) / 20000 as fee) split
         where sb.status = 'completed'`,
        [DEFAULT_PAYOUT_DELAY_DAYS],
      );
    }
    await seedAuditTrail(sql);
    if (ownerIds) await seedBillingRecords(sql);
    await sql('commit');
    // Fresh statistics, and the GIN indexes' pending entries merged into the indexes (the trigram
    // search reads the whole pending list at each search), as autovacuum would after such a load.
    await sql('analyze');
    await sql(
      `select gin_clean_pending_list(i.indexrelid) from pg_index i
       join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam where am.amname = 'gin'`,
    );
    return { boatIds };
  } catch (err) {
    await sql('rollback');
    throw err;
  }
}

/**
 * The back office's audit trail: one row for every other new booking (a note, a refund, a
 * cancellation, by one of twenty staff), a day after its sale.
 */
async function seedAuditTrail(sql: Sql): Promise<void> {
  await sql(
    `insert into audit_log (at, actor_user_id, actor_email, actor_role, action, object_type, object_id,
       owner_id, boat_id, booking_id, ip)
     select sb.starts_at - (sb.luck % 30) * interval '1 day', gen_random_uuid(),
       'staff' || (sb.n % 20) || '@season.example', 'admin',
       case sb.status when 'refunded' then 'booking.refund' when 'canceled' then 'booking.cancel' else 'booking.note' end,
       'booking', sb.id::text, b.owner_id, sb.boat_id, sb.id, '10.0.0.' || (sb.n % 250)
     from season_bookings sb join boats b on b.id = sb.boat_id
     where sb.n % 2 = 0
     order by 1`,
  );
}

/**
 * Each paid booking's invoice as its VERI*FACTU billing record (an F2 in its owner's chain,
 * accepted by the AEAT; one in five thousand rejected), as the records page lists them. The
 * records are plausible, not a valid chain: the page reads them, the chain check is not measured.
 */
async function seedBillingRecords(sql: Sql): Promise<void> {
  await sql(
    `create temporary table season_records on commit drop as
     select gen_random_uuid() as id, o.tax_id as issuer_nif, o.legal_name as issuer_name, sb.id as booking_id,
       sb.gross, sb.starts_at - (sb.luck % 30 + 1) * interval '1 day' as created_at,
       coalesce((select max(r.position) from billing_records r where r.issuer_nif = o.tax_id), 0)
         + row_number() over (partition by o.tax_id order by sb.starts_at - (sb.luck % 30 + 1) * interval '1 day', sb.id)
         as position
     from season_bookings sb join boats b on b.id = sb.boat_id join owners o on o.id = b.owner_id
     where sb.paid`,
  );
  await sql(
    `insert into billing_records (id, issuer_nif, position, kind, num_serie, issue_date, invoice_type, content,
       previous, generated_at, hash, system, document_kind, document_id, created_at)
     select id, issuer_nif, position, 'alta', 'S-' || position,
       to_char(created_at at time zone 'Atlantic/Canary', 'DD-MM-YYYY'), 'F2',
       jsonb_build_object('kind', 'alta',
         'id', jsonb_build_object('issuerNif', issuer_nif, 'numSerie', 'S-' || position,
           'issueDate', to_char(created_at at time zone 'Atlantic/Canary', 'DD-MM-YYYY')),
         'issuerName', issuer_name, 'invoiceType', 'F2', 'rectificationType', null,
         'rectified', '[]'::jsonb, 'substituted', '[]'::jsonb, 'description', 'Boat trip',
         'withoutRecipientId', true, 'thirdParty', null, 'recipients', '[]'::jsonb, 'lines', '[]'::jsonb,
         'totalQuota', '0.00', 'totalAmount', to_char(gross / 100.0, 'FM9999999990.00'), 'correctsRejected', false),
       null, to_char(created_at at time zone 'Atlantic/Canary', 'YYYY-MM-DD"T"HH24:MI:SS"+00:00"'),
       upper(md5(id::text) || md5(issuer_nif || position)),
       jsonb_build_object('producerName', 'Season', 'producerNif', 'B00000000', 'name', 'Season',
         'id', 'SB', 'version', '1', 'installation', '1'),
       'customer_invoice', booking_id, created_at
     from season_records`,
  );
  await sql(
    `insert into aeat_submissions (record_id, issuer_nif, state, attempts, not_before, sent_at, answered_at,
       error_code, error_text)
     select id, issuer_nif, case when position % 5000 = 0 then 'rejected' else 'accepted' end, 1,
       created_at, created_at + interval '1 minute', created_at + interval '1 minute',
       case when position % 5000 = 0 then 1100 end, case when position % 5000 = 0 then 'Season bench' end
     from season_records`,
  );
  await sql(
    `insert into billing_chains (issuer_nif, length, last_record_id)
     select distinct on (issuer_nif) issuer_nif, position, id from season_records
     order by issuer_nif, position desc
     on conflict (issuer_nif) do update set length = excluded.length, last_record_id = excluded.last_record_id`,
  );
}

/** The new boats' owners, when the schema has owners (their identity made up, valid in form). */
async function seedOwners(sql: Sql, run: string, count: number): Promise<string[] | undefined> {
  const [table] = await sql(`select to_regclass('owners') is not null as present`);
  if (!table?.present) return undefined;
  const rows = await sql(
    `insert into owners (display_name, legal_name, tax_id, email)
     select 'Season owner ' || n, 'Season Owner ' || n || ' S.L.', 'B' || lpad(n::text, 8, '0'),
       $1 || '-owner-' || n || '@season.example'
     from generate_series(1, $2::int) as n
     returning id`,
    [run, count],
  );
  return rows.map((r) => String(r.id));
}
