// npm run db:seed — adds the demo data to an empty database (does nothing otherwise).
import { describeDatabase } from '../db/describe';
import { createAppContext } from '../context';
import { seedDemoDataIfEmpty, seededAccountsLine } from '../seed/seed';
import { openConfiguredDatabase } from './open-configured-database';

const { config, database } = await openConfiguredDatabase();
const seeded = await seedDemoDataIfEmpty(createAppContext(config, database));
console.log(
  seeded
    ? `Demo data seeded into ${describeDatabase(config)}. ${seededAccountsLine(seeded)}`
    : `${describeDatabase(config)} already has data; nothing seeded (npm run db:reset starts clean).`,
);
await database.close();
