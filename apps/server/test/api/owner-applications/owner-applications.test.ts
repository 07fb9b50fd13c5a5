// "List your boat" end to end through the API (docs/back-office.md#owner-applications): an
// application with two photos uploaded through the public photo route, the acknowledgement in the
// applicant's language through a real SMTP server, the admin's list, approval (owner, draft boat,
// owner account, a one-time set-password link that works once) and decline (the reason e-mailed
// in the applicant's language, escaped), bad input refused naming the field, and the limit per IP.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { boats, owners, users } from '../../../src/db/schema';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { createMailTransport } from '../../../src/modules/mail/mail-transport';
import { deliverDueEmails } from '../../../src/modules/mail/outbox-worker';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { mailSubject, mailText } from '../../helpers/mail-text';
import { startSmtpTestServer } from '../../helpers/smtp-test-server';
import { buildTestApp, type TestApp } from '../../helpers/test-app';

const NOW = new Date('2027-03-01T10:00:00Z');
const silent = { info() {}, error() {} };
/** The raw e-mail without quoted-printable's soft line breaks. */
const unfolded = (raw: string) => raw.replace(/=\r?\n/g, '');

const photo = (r: number) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();

function uploadPhoto(t: TestApp, file: Buffer, ip: string) {
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(file)], { type: 'image/jpeg' }), 'boat.jpg');
  return t.app.inject({
    method: 'POST',
    url: '/api/owner-applications/photos',
    payload: form,
    remoteAddress: ip,
  });
}

const application = (overrides: Record<string, unknown> = {}, boat: Record<string, unknown> = {}) => ({
  kind: 'company',
  displayName: 'Mar <b>Azul</b>',
  legalName: 'Mar Azul Charter S.L.',
  taxId: 'b-1234567-4',
  address: 'Calle del Puerto 3, 38650 Los Cristianos',
  phone: '+34 600 11 22 33',
  email: 'capitan@marazul.example',
  language: 'es',
  boat: {
    type: 'catamaran',
    name: 'Brisa',
    lengthMeters: '12,5',
    capacity: 10,
    harbour: 'Puerto Colón',
    included: 'Equipo de snorkel\nBebidas',
    photos: [],
    ...boat,
  },
  termsAccepted: true,
  ...overrides,
});

describe('owner applications', async () => {
  const smtp = await startSmtpTestServer();
  afterAll(() => smtp.close());
  const t = await buildTestApp({ template: 'empty', now: NOW, env: { SMTP_URL: smtp.url } });
  const transport = createMailTransport({ smtpUrl: smtp.url, from: t.ctx.config.MAIL_FROM, log: silent });
  afterAll(() => transport.close());
  const admin = bearer(await tokenFor(t, 'admin'));

  async function deliver() {
    await queueEventEmails(t.ctx);
    await deliverDueEmails(t.ctx.db, transport, t.ctx.now());
  }
  const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));
  const apply = (body: unknown, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/owner-applications',
      payload: body as object,
      remoteAddress: ip,
    });
  const decide = (id: string, action: 'approve' | 'decline', payload?: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/owner-applications/${id}/${action}`,
      headers: admin,
      ...(payload ? { payload } : {}),
    });

  let approvedId = '';

  it('takes an application with two photos (201 {id}) and acknowledges it in the applicant’s language', async () => {
    const urls: string[] = [];
    for (const r of [10, 200]) {
      const res = await uploadPhoto(t, await photo(r), '10.30.0.1');
      expect(res.statusCode).toBe(200);
      urls.push((res.json() as { url: string }).url);
    }
    for (const url of urls) expect((await t.app.inject({ url })).statusCode).toBe(200);

    const res = await apply(application({}, { photos: urls }), '10.30.0.1');
    expect(res.statusCode).toBe(201);
    approvedId = (res.json() as { id: string }).id;

    await deliver();
    await deliver(); // once, however often the jobs run
    const mails = mailsTo('capitan@marazul.example');
    expect(mails).toHaveLength(1);
    expect(mailSubject(mails[0]!.raw)).toBe('Hemos recibido tu solicitud para anunciar tu barco');
    expect(mailText(mails[0]!.raw)).toContain('Gracias por querer anunciar Brisa en AD Boat Rental.');
    // The operator is told too, in plain text only.
    const notice = smtp.received.find((m) => mailSubject(m.raw).startsWith('New application to list a boat'));
    expect(notice).toBeDefined();

    const list = await t.app.inject({ url: '/api/admin/owner-applications', headers: admin });
    expect(list.statusCode).toBe(200);
    const [item] = (list.json() as { items: Record<string, unknown>[] }).items;
    expect(item).toMatchObject({
      _id: approvedId,
      status: 'pending',
      taxId: 'B12345674',
      displayName: 'Mar <b>Azul</b>',
      boat: { type: 'catamaran', lengthMeters: 12.5, capacity: 10, photos: urls },
    });
  });

  it('refuses bad input with 400 naming each field, and stores nothing', async () => {
    const bad = await apply(
      application(
        { taxId: 'B12345670', email: 'a@b.example, c@d.example', termsAccepted: false },
        { capacity: 0, photos: ['https://elsewhere.example/x.jpg'] },
      ),
      '10.30.0.2',
    );
    expect(bad.statusCode).toBe(400);
    const paths = (bad.json() as { fields: { path: string }[] }).fields.map((f) => f.path).sort();
    expect(paths).toEqual([
      'body.boat.capacity',
      'body.boat.photos.0',
      'body.email',
      'body.taxId',
      'body.termsAccepted',
    ]);
    const list = await t.app.inject({ url: '/api/admin/owner-applications', headers: admin });
    expect((list.json() as { items: unknown[] }).items).toHaveLength(1);
  });

  it('approves: the owner, a draft boat off the public site, an owner account; the e-mailed link works once', async () => {
    const res = await decide(approvedId, 'approve');
    expect(res.statusCode).toBe(200);
    const { application: approved } = res.json() as {
      application: { status: string; ownerId: string; boatId: string };
    };
    expect(approved.status).toBe('approved');

    const [owner] = await t.ctx.db.select().from(owners).where(eq(owners.id, approved.ownerId));
    expect(owner).toMatchObject({ legalName: 'Mar Azul Charter S.L.', taxId: 'B12345674', language: 'es' });
    const [boat] = await t.ctx.db.select().from(boats).where(eq(boats.id, approved.boatId));
    expect(boat).toMatchObject({
      ownerId: approved.ownerId,
      publishedAt: null,
      capacity: 10,
      portName: 'Puerto Colón',
      inclusions: ['Equipo de snorkel', 'Bebidas'],
      // Typed in Spanish, kept as Spanish (issue 58): the editor asks for the English.
      inclusionsI18n: {
        'Equipo de snorkel': { es: 'Equipo de snorkel' },
        Bebidas: { es: 'Bebidas' },
      },
    });
    expect(boat!.images).toHaveLength(2);
    const catalogue = await t.app.inject({ url: '/api/boats' });
    expect(catalogue.body).not.toContain(approved.boatId);

    // A second decision is refused: it was made once.
    expect((await decide(approvedId, 'approve')).statusCode).toBe(409);
    expect((await decide(approvedId, 'decline', { reason: 'Changed my mind' })).statusCode).toBe(409);

    await deliver();
    const mails = mailsTo('capitan@marazul.example');
    expect(mails).toHaveLength(2);
    expect(mailSubject(mails[1]!.raw)).toBe('Bienvenido a bordo: tu solicitud está aprobada');
    const text = mailText(mails[1]!.raw);
    expect(text).toContain('en las próximas 72 horas');
    // The display name is escaped in the HTML part, never rendered.
    expect(unfolded(mails[1]!.raw)).toContain('<p>Hola, Mar &#60;b&#62;Azul&#60;/b&#62;');
    expect(unfolded(mails[1]!.raw)).not.toContain('<p>Hola, Mar <b>');
    const token = /reset-password#token=([\w-]+)&welcome=1/.exec(text)?.[1];
    expect(token).toBeDefined();

    // Before the password is chosen, nothing signs in.
    const [account] = await t.ctx.db.select().from(users).where(eq(users.email, 'capitan@marazul.example'));
    expect(account).toMatchObject({ role: 'owner', ownerId: approved.ownerId });

    const set = (password: string) =>
      t.app.inject({ method: 'POST', url: '/user/password/reset', payload: { token, password } });
    expect((await set('velas-al-viento-2027')).statusCode).toBe(200);
    expect((await set('otra-contraseña-2027')).statusCode).toBe(400);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/user/auth',
      payload: { email: 'capitan@marazul.example', password: 'velas-al-viento-2027' },
      remoteAddress: '10.30.0.3',
    });
    expect(signIn.statusCode).toBe(200);
    // The password is right; an owner account then sets up its second factor (issue 42) before
    // it is signed in.
    expect(signIn.json()).toMatchObject({ secondFactor: 'enrol', challenge: expect.any(String) });
    expect(signIn.json()).not.toHaveProperty('accessToken');
    // Three scrypt hashes (the placeholder, the chosen password, the sign-in): slow on purpose.
  }, 120_000);

  it('declines with a reason e-mailed in the applicant’s language, escaped', async () => {
    const res = await apply(
      application({ email: 'kapitaen@seewind.example', language: 'de', displayName: 'Seewind' }),
      '10.30.0.4',
    );
    const { id } = res.json() as { id: string };
    expect((await decide(id, 'decline', { reason: '' })).statusCode).toBe(400);
    const declined = await decide(id, 'decline', { reason: 'Boats under 15 m <script>x</script> only' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ application: { status: 'declined' } });
    expect((await decide(id, 'approve')).statusCode).toBe(409);

    await deliver();
    const mails = mailsTo('kapitaen@seewind.example');
    expect(mails.map((m) => mailSubject(m.raw)).sort()).toEqual([
      'Wir haben Ihre Bewerbung für Ihr Boot erhalten',
      'Zu Ihrer Bewerbung für Ihr Boot',
    ]);
    const decline = mails.find((m) => mailSubject(m.raw).startsWith('Zu Ihrer'))!.raw;
    expect(mailText(decline)).toContain('> Boats under 15 m <script>x</script> only');
    expect(unfolded(decline)).toContain('<blockquote>Boats under 15 m &#60;script&#62;x');
    const owner = await t.ctx.db.select().from(owners).where(eq(owners.email, 'kapitaen@seewind.example'));
    expect(owner).toHaveLength(0);
  });

  it('answers 404 for an unknown application, and only admins may see or decide', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await decide(unknown, 'approve')).statusCode).toBe(404);
    expect((await decide('not-an-id', 'approve')).statusCode).toBe(404);
    const owner = bearer(await tokenFor(t, 'owner'));
    const asOwner = await t.app.inject({ url: '/api/admin/owner-applications', headers: owner });
    expect(asOwner.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/owner-applications' })).statusCode).toBe(401);
  });

  it('limits applications per IP like the contact form', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await apply(application({ email: `spam${i}@example.com`, website: 'bot' }), '10.30.0.9')).statusCode,
      );
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
