// The demo operator's fleet. Texts in every language of the site; prices in cents; the daily
// slot plan in Canary wall-clock time (private slots are one hour each so charters chain them).
import { addDays } from '@boats/domain/canary-time';
import type { ChecklistItem } from '@boats/domain/condition-checklist';
import type { BoatLicence } from '@boats/domain/licences';
import type { PriceRule } from '@boats/domain/price-rules';
import type { AgreementTerms } from '@boats/domain/schemas/agreement';
import type { HarbourTranslations, LocalizedText } from '@boats/domain/schemas/boat';
import type { BoatExtraRow } from '../db/schema';

type DailyPlan = {
  /** Start times of one-hour private slots, 'HH:mm'. */
  privateHours: string[];
  /** Shared trips: start and end 'HH:mm'. */
  sharedTrips: { start: string; end: string }[];
  /** ISO weekday numbers (1 = Monday) without trips. */
  closedWeekdays?: number[];
};

/** Which demo owner a boat belongs to: the platform itself or one of DEMO_OWNERS. */
export type DemoOwnerKey = 'platform' | 'marlin' | 'anaga' | 'volkov';

export type DemoBoat = {
  owner: DemoOwnerKey;
  slug: string;
  title: LocalizedText;
  description: LocalizedText;
  portName: string;
  portAddress: string;
  capacity: number;
  minDurationHours: number;
  maxDurationHours: number;
  verified: boolean;
  requiresLicense: boolean;
  geoNote: string;
  /** The meeting point in the other languages (English is geoNote). */
  harbourI18n: HarbourTranslations;
  inclusions: string[];
  pricePerHourCents: number;
  priceHalfDayCents: number;
  pricePerDayCents: number;
  sharedPricePerHourCents: number;
  sharedMinSeatsToDepart: number;
  /** Hours before departure at which a shared trip below its minimum is canceled; 0 = never. */
  cutoffHours?: number;
  /** Request-to-book: the owner accepts each booking (docs/payments.md#request-to-book). */
  bookingMode?: 'instant' | 'request';
  /** The security deposit in cents (docs/payments.md#the-security-deposit); absent: none. */
  depositCents?: number;
  /** A self-drive boat's licence terms, checklist and agreement (docs/decisions/0039). */
  licence?: BoatLicence;
  foreignLicenceAccepted?: boolean;
  conditionChecklist?: ChecklistItem[];
  agreementTerms?: AgreementTerms;
  /** The extras it sells (the seed gives each its id). */
  extras: Omit<BoatExtraRow, 'id'>[];
  /** Its seasonal prices, dated from the seed's day (the seed gives each its id). */
  priceRules?: (today: string) => DemoPriceRule[];
  plan: DailyPlan;
};

/** A rule without its id, kind by kind. */
type DemoPriceRule = PriceRule extends infer R ? (R extends PriceRule ? Omit<R, 'id'> : never) : never;

/**
 * The demo's seasonal prices (docs/payments.md#pricing): a high season from the second to the
 * seventh week ahead (+20 %), weekends (+10 %) and sunset departures from 18:00 to 21:00
 * (+15 %). On boats no other journey prices by hand, so the published prices elsewhere stay.
 */
const DEMO_SEASON = (today: string): DemoPriceRule[] => [
  {
    kind: 'dates',
    from: addDays(today, 7),
    to: addDays(today, 49),
    change: { type: 'percent', percent: 20 },
  },
  { kind: 'weekdays', days: [6, 7], change: { type: 'percent', percent: 10 } },
  { kind: 'times', from: '18:00', to: '21:00', change: { type: 'percent', percent: 15 } },
];

const images = (slug: string) => [1, 2, 3].map((n) => `/media/boats/${slug}-${n}-960.webp`);
export const boatImages = images;

const COMFORT = ['awning', 'sofas', 'bluetooth', 'freshWaterShower'];

/** The three extras the site's marketing names: every demo boat sells them. */
const DEMO_EXTRAS: Omit<BoatExtraRow, 'id'>[] = [
  {
    name: {
      en: 'Hotel transfer',
      es: 'Traslado desde el hotel',
      ru: 'Трансфер из отеля',
      de: 'Hoteltransfer',
      fr: "Transfert depuis l'hôtel",
      it: "Transfer dall'hotel",
    },
    description: {
      en: 'A minibus picks you up at your hotel in the south and brings you back after the trip.',
      es: 'Un minibús te recoge en tu hotel del sur y te lleva de vuelta después de la salida.',
      ru: 'Микроавтобус заберёт вас из отеля на юге острова и отвезёт обратно после прогулки.',
      de: 'Ein Kleinbus holt Sie an Ihrem Hotel im Süden ab und bringt Sie nach der Fahrt zurück.',
      fr: 'Un minibus vous prend à votre hôtel dans le sud et vous y ramène après la sortie.',
      it: "Un minibus ti viene a prendere in hotel nel sud dell'isola e ti riporta indietro dopo l'uscita.",
    },
    priceCents: 1500,
    per: 'person',
    maxQuantity: 12,
    noticeHours: 12,
    provider: 'platform',
  },
  {
    name: {
      en: 'Event decoration',
      es: 'Decoración para celebraciones',
      ru: 'Праздничное оформление',
      de: 'Festliche Dekoration',
      fr: 'Décoration pour votre fête',
      it: 'Decorazione per la festa',
    },
    description: {
      en: 'Balloons, flowers and a banner for a birthday, a proposal or a hen party, set up before you board.',
      es: 'Globos, flores y una pancarta para un cumpleaños, una pedida o una despedida, montados antes de embarcar.',
      ru: 'Шары, цветы и растяжка для дня рождения, предложения руки и сердца или девичника — всё готово к посадке.',
      de: 'Ballons, Blumen und ein Banner für Geburtstag, Heiratsantrag oder Junggesellinnenabschied, aufgebaut, bevor Sie an Bord gehen.',
      fr: "Ballons, fleurs et banderole pour un anniversaire, une demande en mariage ou un enterrement de vie de jeune fille, installés avant l'embarquement.",
      it: "Palloncini, fiori e uno striscione per un compleanno, una proposta o un addio al nubilato, allestiti prima dell'imbarco.",
    },
    priceCents: 8000,
    per: 'booking',
    maxQuantity: 1,
    noticeHours: 48,
    provider: 'owner',
  },
  {
    name: {
      en: 'Bottle of prosecco',
      es: 'Botella de prosecco',
      ru: 'Бутылка просекко',
      de: 'Flasche Prosecco',
      fr: 'Bouteille de prosecco',
      it: 'Bottiglia di prosecco',
    },
    description: {
      en: 'Chilled on board with glasses for everyone. Order at least 24 hours ahead.',
      es: 'Fría a bordo, con copas para todos. Pídela con al menos 24 horas de antelación.',
      ru: 'Охлаждённая, с бокалами для всех. Закажите минимум за 24 часа.',
      de: 'Gekühlt an Bord, mit Gläsern für alle. Bitte mindestens 24 Stunden vorher bestellen.',
      fr: "Servie fraîche à bord, avec des verres pour tous. À commander au moins 24 heures à l'avance.",
      it: 'Fresca a bordo, con i calici per tutti. Ordinala almeno 24 ore prima.',
    },
    priceCents: 3500,
    per: 'booking',
    maxQuantity: 4,
    noticeHours: 24,
    provider: 'owner',
  },
];

export const DEMO_FLEET: DemoBoat[] = [
  {
    owner: 'platform',
    slug: 'sea-breeze',
    title: {
      en: 'Sea Breeze 40 motor yacht',
      es: 'Yate a motor Sea Breeze 40',
      ru: 'Моторная яхта Sea Breeze 40',
      de: 'Motoryacht Sea Breeze 40',
      fr: 'Yacht à moteur Sea Breeze 40',
      it: 'Yacht a motore Sea Breeze 40',
    },
    description: {
      en: 'A 12-metre motor yacht with a shaded flybridge, sun pads and a bathroom. Ideal for a private day along the south coast with swimming stops in calm coves.',
      es: 'Yate a motor de 12 metros con flybridge a la sombra, solárium y baño. Ideal para un día privado por la costa sur con paradas para nadar en calas tranquilas.',
      ru: '12-метровая моторная яхта с затенённым флайбриджем, лежаками и туалетом. Идеальна для частного дня вдоль южного побережья с остановками для купания в тихих бухтах.',
      de: 'Eine 12-Meter-Motoryacht mit schattiger Flybridge, Sonnenliegen und Bad. Ideal für einen privaten Tag an der Südküste mit Badestopps in ruhigen Buchten.',
      fr: "Un yacht à moteur de 12 mètres avec flybridge ombragé, bains de soleil et salle d'eau. Idéal pour une journée privée le long de la côte sud, avec des arrêts baignade dans des criques abritées.",
      it: 'Uno yacht a motore di 12 metri con flybridge ombreggiato, prendisole e bagno. Ideale per una giornata privata lungo la costa sud, con soste per il bagno in calette tranquille.',
    },
    portName: 'Puerto Colón',
    portAddress: 'Puerto Colón, 38660 Costa Adeje, Santa Cruz de Tenerife',
    capacity: 10,
    minDurationHours: 2,
    maxDurationHours: 8,
    verified: true,
    requiresLicense: false,
    geoNote: 'Pontoon C, berth 14',
    harbourI18n: {
      note: {
        es: 'Pantalán C, amarre 14',
        ru: 'Понтон C, причал 14',
        de: 'Steg C, Liegeplatz 14',
        fr: 'Ponton C, place 14',
        it: 'Pontile C, posto barca 14',
      },
    },
    inclusions: [...COMFORT, 'skipper', 'fuel', 'snorkelGear', 'softDrinks'],
    pricePerHourCents: 18000,
    priceHalfDayCents: 64000,
    pricePerDayCents: 120000,
    sharedPricePerHourCents: 0,
    sharedMinSeatsToDepart: 0,
    extras: DEMO_EXTRAS,
    plan: {
      privateHours: ['10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00'],
      sharedTrips: [],
    },
  },
  {
    owner: 'marlin',
    slug: 'blue-marlin',
    title: {
      en: 'Blue Marlin fishing boat',
      es: 'Barco de pesca Blue Marlin',
      ru: 'Рыболовный катер Blue Marlin',
      de: 'Angelboot Blue Marlin',
      fr: 'Bateau de pêche Blue Marlin',
      it: 'Barca da pesca Blue Marlin',
    },
    description: {
      en: 'A sport-fishing boat with rods, live bait and an experienced local skipper. Tuna, barracuda and, with luck, blue marlin off Los Cristianos.',
      es: 'Barco de pesca deportiva con cañas, cebo vivo y un patrón local con experiencia. Atún, barracuda y, con suerte, marlín azul frente a Los Cristianos.',
      ru: 'Катер для спортивной рыбалки со снастями, живой наживкой и опытным местным шкипером. Тунец, барракуда и, если повезёт, голубой марлин у Лос-Кристианос.',
      de: 'Ein Sportfischerboot mit Ruten, Lebendködern und einem erfahrenen einheimischen Skipper. Thunfisch, Barrakuda und mit etwas Glück ein Blauer Marlin vor Los Cristianos.',
      fr: 'Un bateau de pêche sportive avec cannes, appâts vivants et un skipper local expérimenté. Thon, barracuda et, avec un peu de chance, marlin bleu au large de Los Cristianos.',
      it: "Una barca da pesca sportiva con canne, esche vive e uno skipper locale esperto. Tonno, barracuda e, con un po' di fortuna, marlin azzurro al largo di Los Cristianos.",
    },
    portName: 'Los Cristianos',
    portAddress: 'Puerto de Los Cristianos, 38650 Arona, Santa Cruz de Tenerife',
    capacity: 8,
    minDurationHours: 2,
    maxDurationHours: 6,
    verified: true,
    requiresLicense: false,
    geoNote: 'Fishing pier, next to the ferry terminal',
    harbourI18n: {
      note: {
        es: 'Muelle pesquero, junto a la terminal de ferris',
        ru: 'Рыбацкий пирс, рядом с паромным терминалом',
        de: 'Fischermole, neben dem Fährterminal',
        fr: 'Quai des pêcheurs, à côté du terminal des ferries',
        it: 'Molo dei pescatori, accanto al terminal dei traghetti',
      },
    },
    inclusions: ['awning', 'bluetooth', 'skipper', 'fishingGear', 'softDrinks'],
    pricePerHourCents: 12000,
    priceHalfDayCents: 42000,
    pricePerDayCents: 80000,
    sharedPricePerHourCents: 0,
    sharedMinSeatsToDepart: 0,
    extras: DEMO_EXTRAS,
    priceRules: DEMO_SEASON,
    plan: { privateHours: ['08:00', '09:00', '10:00', '11:00', '12:00', '13:00'], sharedTrips: [] },
  },
  {
    owner: 'platform',
    slug: 'gigantes-explorer',
    title: {
      en: 'Gigantes Explorer RIB',
      es: 'Neumática Gigantes Explorer',
      ru: 'RIB Gigantes Explorer',
      de: 'Schlauchboot Gigantes Explorer',
      fr: 'Semi-rigide Gigantes Explorer',
      it: 'Gommone Gigantes Explorer',
    },
    description: {
      en: 'A fast rigid inflatable that reaches the foot of the Los Gigantes cliffs in minutes. Shared dolphin and whale trips in the morning, private charters in the afternoon.',
      es: 'Una neumática rápida que llega en minutos al pie de los acantilados de Los Gigantes. Excursiones compartidas de delfines y ballenas por la mañana, chárter privado por la tarde.',
      ru: 'Быстрая надувная лодка с жёстким корпусом: за несколько минут до подножия скал Лос-Гигантес. Утром — групповые прогулки к дельфинам и китам, днём — частная аренда.',
      de: 'Ein schnelles Festrumpfschlauchboot, das in wenigen Minuten am Fuß der Klippen von Los Gigantes ist. Vormittags Gruppenfahrten zu Delfinen und Walen, nachmittags private Charter.',
      fr: "Un semi-rigide rapide qui rejoint en quelques minutes le pied des falaises de Los Gigantes. Sorties partagées dauphins et baleines le matin, location privée l'après-midi.",
      it: 'Un gommone veloce che in pochi minuti arriva ai piedi delle scogliere di Los Gigantes. Escursioni condivise con delfini e balene al mattino, noleggio privato al pomeriggio.',
    },
    portName: 'Los Gigantes',
    portAddress: 'Puerto de Los Gigantes, 38683 Santiago del Teide, Santa Cruz de Tenerife',
    capacity: 12,
    minDurationHours: 1,
    maxDurationHours: 4,
    verified: true,
    requiresLicense: false,
    geoNote: 'Marina entrance, blue kiosk',
    harbourI18n: {
      note: {
        es: 'Entrada de la marina, quiosco azul',
        ru: 'Вход в марину, синий киоск',
        de: 'Eingang der Marina, blauer Kiosk',
        fr: 'Entrée de la marina, kiosque bleu',
        it: 'Ingresso del porticciolo, chiosco blu',
      },
    },
    inclusions: ['skipper', 'lifeJackets', 'snorkelGear', 'water'],
    pricePerHourCents: 15000,
    priceHalfDayCents: 52000,
    pricePerDayCents: 0,
    sharedPricePerHourCents: 2500,
    sharedMinSeatsToDepart: 2,
    extras: DEMO_EXTRAS,
    plan: {
      privateHours: ['13:00', '14:00', '15:00', '16:00'],
      sharedTrips: [{ start: '10:00', end: '12:00' }],
    },
  },
  {
    owner: 'marlin',
    slug: 'san-miguel-sunset',
    title: {
      en: 'San Miguel sunset catamaran',
      es: 'Catamarán San Miguel al atardecer',
      ru: 'Катамаран San Miguel на закате',
      de: 'Katamaran San Miguel zum Sonnenuntergang',
      fr: 'Catamaran San Miguel au coucher du soleil',
      it: 'Catamarano San Miguel al tramonto',
    },
    description: {
      en: 'A sailing catamaran with nets to lie on, a lounge with sofas and a shower. Private charters by day and a two-hour shared sunset cruise with prosecco.',
      es: 'Catamarán de vela con redes para tumbarse, salón con sofás y ducha. Chárter privado de día y un crucero compartido de dos horas al atardecer con prosecco.',
      ru: 'Парусный катамаран с сетками для отдыха, салоном с диванами и душем. Днём — частная аренда, вечером — двухчасовой групповой круиз на закате с просекко.',
      de: 'Ein Segelkatamaran mit Netzen zum Liegen, einer Lounge mit Sofas und einer Dusche. Tagsüber private Charter, abends eine zweistündige Sonnenuntergangsfahrt mit Prosecco für alle.',
      fr: "Un catamaran à voile avec des filets pour s'allonger, un salon avec banquettes et une douche. Location privée en journée et, le soir, une croisière partagée de deux heures au coucher du soleil avec prosecco.",
      it: 'Un catamarano a vela con reti su cui sdraiarsi, un salottino con divanetti e una doccia. Noleggio privato di giorno e, la sera, una crociera condivisa di due ore al tramonto con prosecco.',
    },
    portName: 'Marina San Miguel',
    portAddress: 'Marina San Miguel, Amarilla Golf, 38639 San Miguel de Abona, Santa Cruz de Tenerife',
    capacity: 12,
    minDurationHours: 2,
    maxDurationHours: 5,
    verified: true,
    requiresLicense: false,
    geoNote: 'Pontoon B',
    harbourI18n: {
      note: {
        es: 'Pantalán B',
        ru: 'Понтон B',
        de: 'Steg B',
        fr: 'Ponton B',
        it: 'Pontile B',
      },
    },
    inclusions: [...COMFORT, 'skipper', 'prosecco', 'snacks'],
    pricePerHourCents: 22000,
    priceHalfDayCents: 80000,
    pricePerDayCents: 0,
    sharedPricePerHourCents: 3500,
    sharedMinSeatsToDepart: 4,
    // The sunset cruise has no cutoff: a booking must bring the trip to its 4 paid seats.
    cutoffHours: 0,
    extras: DEMO_EXTRAS,
    plan: {
      privateHours: ['10:00', '11:00', '12:00', '13:00', '14:00'],
      sharedTrips: [{ start: '16:30', end: '18:30' }],
    },
  },
  {
    owner: 'anaga',
    slug: 'anaga-star',
    // Lena accepts each booking herself: the demo's request-to-book boat, with one request waiting.
    bookingMode: 'request',
    title: {
      en: 'Anaga Star sailing yacht',
      es: 'Velero Anaga Star',
      ru: 'Парусная яхта Anaga Star',
      de: 'Segelyacht Anaga Star',
      fr: 'Voilier Anaga Star',
      it: 'Barca a vela Anaga Star',
    },
    description: {
      en: 'A classic sailing yacht with a teak deck leaving from Santa Cruz towards the green Anaga mountains. Learn to trim the sails or simply relax on deck.',
      es: 'Un velero clásico con cubierta de teca que sale de Santa Cruz hacia las verdes montañas de Anaga. Aprende a trimar las velas o simplemente relájate en cubierta.',
      ru: 'Классическая парусная яхта с тиковой палубой: из Санта-Круса к зелёным горам Анага. Научитесь работать с парусами или просто отдыхайте на палубе.',
      de: 'Eine klassische Segelyacht mit Teakdeck, die von Santa Cruz zu den grünen Anaga-Bergen aufbricht. Lernen Sie, die Segel zu trimmen, oder entspannen Sie einfach an Deck.',
      fr: "Un voilier classique au pont en teck qui part de Santa Cruz vers les montagnes verdoyantes d'Anaga. Apprenez à régler les voiles ou détendez-vous simplement sur le pont.",
      it: 'Una barca a vela classica con ponte in teak che parte da Santa Cruz verso le verdi montagne di Anaga. Impara a regolare le vele o rilassati semplicemente in coperta.',
    },
    portName: 'Santa Cruz',
    portAddress: 'Marina Santa Cruz, Muelle de Enlace, 38001 Santa Cruz de Tenerife',
    capacity: 8,
    minDurationHours: 2,
    maxDurationHours: 8,
    verified: false,
    requiresLicense: false,
    geoNote: 'Marina Santa Cruz, pontoon 3',
    harbourI18n: {
      note: {
        es: 'Marina Santa Cruz, pantalán 3',
        ru: 'Марина Санта-Крус, понтон 3',
        de: 'Marina Santa Cruz, Steg 3',
        fr: 'Marina Santa Cruz, ponton 3',
        it: 'Marina Santa Cruz, pontile 3',
      },
    },
    inclusions: ['awning', 'sofas', 'bluetooth', 'skipper', 'snorkelGear'],
    pricePerHourCents: 14000,
    priceHalfDayCents: 50000,
    pricePerDayCents: 95000,
    sharedPricePerHourCents: 0,
    sharedMinSeatsToDepart: 0,
    extras: DEMO_EXTRAS,
    plan: {
      privateHours: ['10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00'],
      sharedTrips: [],
      closedWeekdays: [1],
    },
  },
  {
    owner: 'platform',
    slug: 'teide-spirit',
    title: {
      en: 'Teide Spirit catamaran',
      es: 'Catamarán Teide Spirit',
      ru: 'Катамаран Teide Spirit',
      de: 'Katamaran Teide Spirit',
      fr: 'Catamaran Teide Spirit',
      it: 'Catamarano Teide Spirit',
    },
    description: {
      en: 'Our large catamaran for shared trips: three hours to see pilot whales and dolphins, a swimming stop and lunch on board, with Mount Teide behind you.',
      es: 'Nuestro gran catamarán para excursiones compartidas: tres horas para ver calderones y delfines, una parada para nadar y comida a bordo, con el Teide a tus espaldas.',
      ru: 'Наш большой катамаран для групповых прогулок: три часа с гриндами и дельфинами, остановка для купания и обед на борту на фоне вулкана Тейде.',
      de: 'Unser großer Katamaran für Gruppenfahrten: drei Stunden mit Grindwalen und Delfinen, ein Badestopp und Mittagessen an Bord, den Teide im Rücken.',
      fr: 'Notre grand catamaran pour les sorties partagées : trois heures pour voir globicéphales et dauphins, un arrêt baignade et un déjeuner à bord, avec le Teide en toile de fond.',
      it: 'Il nostro grande catamarano per le escursioni condivise: tre ore tra globicefali e delfini, una sosta per il bagno e il pranzo a bordo, con il Teide alle spalle.',
    },
    portName: 'Puerto Colón',
    portAddress: 'Puerto Colón, 38660 Costa Adeje, Santa Cruz de Tenerife',
    // A whale-watching catamaran as those of Puerto Colón: a hundred seats a trip.
    capacity: 100,
    minDurationHours: 3,
    maxDurationHours: 3,
    verified: true,
    requiresLicense: false,
    geoNote: 'Pontoon A, the large white catamaran',
    harbourI18n: {
      note: {
        es: 'Pantalán A, el gran catamarán blanco',
        ru: 'Понтон A, большой белый катамаран',
        de: 'Steg A, der große weiße Katamaran',
        fr: 'Ponton A, le grand catamaran blanc',
        it: 'Pontile A, il grande catamarano bianco',
      },
    },
    inclusions: [...COMFORT, 'skipper', 'lunch', 'softDrinks', 'snorkelGear'],
    pricePerHourCents: 40000,
    priceHalfDayCents: 0,
    pricePerDayCents: 0,
    sharedPricePerHourCents: 2000,
    sharedMinSeatsToDepart: 4,
    extras: DEMO_EXTRAS,
    plan: {
      privateHours: [],
      sharedTrips: [
        { start: '10:00', end: '13:00' },
        { start: '14:00', end: '17:00' },
      ],
    },
  },
  {
    owner: 'volkov',
    slug: 'gomera-runner',
    title: {
      en: 'Gomera Runner speedboat',
      es: 'Lancha rápida Gomera Runner',
      ru: 'Скоростной катер Gomera Runner',
      de: 'Sportboot Gomera Runner',
      fr: 'Vedette Gomera Runner',
      it: 'Motoscafo Gomera Runner',
    },
    description: {
      en: 'A nimble speedboat you drive yourself with a valid boat licence. Explore the coast between Los Cristianos and Costa Adeje at your own pace.',
      es: 'Una lancha ágil que conduces tú mismo con una licencia de navegación válida. Explora la costa entre Los Cristianos y Costa Adeje a tu ritmo.',
      ru: 'Манёвренный катер, которым вы управляете сами при наличии действующих прав на маломерное судно. Исследуйте побережье между Лос-Кристианос и Коста-Адехе в своём темпе.',
      de: 'Ein wendiges Sportboot, das Sie mit gültigem Bootsführerschein selbst fahren. Erkunden Sie die Küste zwischen Los Cristianos und Costa Adeje in Ihrem eigenen Tempo.',
      fr: 'Une vedette maniable que vous pilotez vous-même avec un permis bateau valide. Explorez la côte entre Los Cristianos et Costa Adeje à votre rythme.',
      it: 'Un motoscafo agile che guidi tu, con una patente nautica valida. Esplora la costa tra Los Cristianos e Costa Adeje con i tuoi tempi.',
    },
    portName: 'Los Cristianos',
    portAddress: 'Puerto de Los Cristianos, 38650 Arona, Santa Cruz de Tenerife',
    capacity: 6,
    minDurationHours: 1,
    maxDurationHours: 8,
    verified: true,
    requiresLicense: true,
    // Its skipper holds a PNB or higher, or a licence of another country crew judge equivalent.
    licence: 'pnb',
    foreignLicenceAccepted: true,
    // A self-drive boat's security deposit, held on the card the day before departure.
    depositCents: 30_000,
    // The owner's own departure checklist (docs/decisions/0039) and rental terms.
    conditionChecklist: [
      { key: 'fuel', kind: 'level', label: 'Fuel (quarters of the tank)' },
      { key: 'engine_hours', kind: 'number', label: 'Engine hours (Yamaha 115)' },
      { key: 'life_jackets', kind: 'present', label: 'Six life jackets' },
      { key: 'anchor', kind: 'present', label: 'Anchor with 30 m of line' },
      { key: 'bimini', kind: 'present', label: 'Bimini top' },
      { key: 'marks', kind: 'note', label: 'Marks and scratches on the hull' },
    ],
    agreementTerms: {
      en: [
        '1. Volkov Boats lets the Gomera Runner to the customer for the hours booked. Only the skipper named in this agreement, holding the licence recorded, takes the helm.',
        '2. The skipper stays within 2 nautical miles of the coast between Los Cristianos and Puerto Colón, by day, and never under the influence of alcohol or drugs.',
        '3. The boat leaves with a full tank; fuel used is included in the price.',
        '4. The condition is recorded with photos at departure and at return, and the customer signs each record. Damage found at return that the departure did not record may be claimed against the €300 security deposit within 48 hours of the return, never above it.',
        '5. Without a valid licence the boat does not leave and the booking is not refunded.',
      ].join('\n\n'),
      es: [
        '1. Volkov Boats alquila la Gomera Runner al cliente durante las horas reservadas. Solo el patrón nombrado en este contrato, con la titulación registrada, lleva el timón.',
        '2. El patrón navega a menos de 2 millas de la costa entre Los Cristianos y Puerto Colón, de día y nunca bajo los efectos del alcohol o las drogas.',
        '3. El barco sale con el depósito lleno; el combustible está incluido en el precio.',
        '4. El estado se registra con fotos a la salida y al regreso, y el cliente firma cada registro. Los daños hallados al regreso que la salida no registró pueden reclamarse contra la fianza de 300 € en las 48 horas siguientes al regreso, nunca por encima de ella.',
        '5. Sin una titulación válida el barco no sale y la reserva no se reembolsa.',
      ].join('\n\n'),
    },
    geoNote: 'Small boats pontoon',
    harbourI18n: {
      note: {
        es: 'Pantalán de embarcaciones pequeñas',
        ru: 'Понтон для небольших лодок',
        de: 'Steg für kleine Boote',
        fr: 'Ponton des petits bateaux',
        it: 'Pontile delle piccole imbarcazioni',
      },
    },
    inclusions: ['bluetooth', 'lifeJackets', 'fuel'],
    pricePerHourCents: 11000,
    priceHalfDayCents: 38000,
    pricePerDayCents: 70000,
    sharedPricePerHourCents: 0,
    sharedMinSeatsToDepart: 0,
    extras: DEMO_EXTRAS,
    // Weekends cost a fixed €130 an hour (€440 a half day, €820 a day).
    priceRules: () => [
      {
        kind: 'weekdays',
        days: [6, 7],
        change: {
          type: 'fixed',
          perHourCents: 13000,
          halfDayCents: 44000,
          fullDayCents: 82000,
          seatPerHourCents: null,
        },
      },
    ],
    plan: {
      privateHours: ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00'],
      sharedTrips: [],
    },
  },
];

export const DEMO_ADMIN = { email: 'admin@adboatrental.example', password: 'boats-demo-2026' };

/** A crew member of the demo (trips, manifests, check-in). Seeded only outside production. */
export const DEMO_CREW = { email: 'crew@adboatrental.example', password: 'boats-crew-2026' };

/**
 * The demo's agent, a hotel concierge desk on 10 % commission (docs/channels.md#agents). It signs
 * in with the crew's published password: the production start checks every published password
 * against every account (slow by design), and one more would slow that check for nothing.
 */
export const DEMO_AGENT = {
  email: 'agent@adboatrental.example',
  password: DEMO_CREW.password,
  name: 'Hotel Mar concierge desk',
  commissionBps: 1000,
};

/**
 * The demo's boat owners besides the platform, each with a sign-in account (published password,
 * seeded only outside production) and a commission rate: null follows PLATFORM_FEE_PERCENT.
 */
export const DEMO_OWNER_PASSWORD = 'boats-owner-2026';
export const DEMO_OWNERS = [
  {
    key: 'marlin',
    account: 'owner@adboatrental.example',
    displayName: 'Marlin Charters',
    legalName: 'Marlin Charters Tenerife S.L.',
    taxId: 'B12345674',
    address: 'Puerto Colón, local 12, 38660 Costa Adeje',
    phone: '+34 922 000 111',
    email: 'bookings@marlin-charters.example',
    language: 'es',
    commissionBps: 1200,
  },
  {
    key: 'anaga',
    account: 'owner2@adboatrental.example',
    displayName: 'Anaga Sailing',
    legalName: 'Lena Fischer',
    taxId: 'X1234567L',
    address: 'Marina Santa Cruz, pantalán 3, 38001 Santa Cruz de Tenerife',
    phone: '+34 611 222 333',
    email: 'lena@anaga-sailing.example',
    language: 'en',
    commissionBps: null,
  },
  {
    key: 'volkov',
    account: 'owner3@adboatrental.example',
    displayName: 'Volkov Boats',
    legalName: 'Dmitri Volkov',
    taxId: 'Y1234567X',
    address: 'Calle La Gomera 5, 38650 Los Cristianos',
    phone: '+34 633 444 555',
    email: 'dmitri@volkov-boats.example',
    language: 'ru',
    commissionBps: 1800,
  },
] as const satisfies readonly {
  key: Exclude<DemoOwnerKey, 'platform'>;
  account: string;
  displayName: string;
  legalName: string;
  taxId: string;
  address: string;
  phone: string;
  email: string;
  language: 'en' | 'es' | 'ru';
  commissionBps: number | null;
}[];

/** Every password the README publishes: none of them may open a production back office. */
export const DEMO_PASSWORDS = [DEMO_ADMIN.password, DEMO_CREW.password, DEMO_OWNER_PASSWORD];

export const DEMO_CUSTOMERS = [
  { name: 'Emma Thompson', email: 'emma.thompson@example.com', phone: '+447700900123', language: 'en' },
  { name: 'Lucía Hernández', email: 'lucia.hernandez@example.es', phone: '+34612345678', language: 'es' },
  { name: 'Дмитрий Соколов', email: 'dmitry.sokolov@example.ru', phone: '+79161234567', language: 'ru' },
  { name: 'Hans Müller', email: 'hans.mueller@example.de', phone: '+491701234567', language: 'en' },
  { name: "Siobhán O'Neill", email: 'siobhan.oneill@example.ie', phone: '+353871234567', language: 'en' },
  { name: 'Carmen Díaz', email: 'carmen.diaz@example.es', phone: '+34699887766', language: 'es' },
  { name: 'Анна Иванова', email: 'anna.ivanova@example.ru', phone: '+79031112233', language: 'ru' },
  { name: 'Pierre Lefèvre', email: 'pierre.lefevre@example.fr', phone: '+33612345678', language: 'en' },
];

export const DEMO_MESSAGES: {
  name: string;
  email: string;
  phone: string;
  source: 'landing' | 'form' | 'widget';
  message: string;
  daysAgo: number;
}[] = [
  {
    name: 'Oliver Smith',
    email: 'oliver.smith@example.co.uk',
    phone: '',
    source: 'landing',
    message: 'Hi, can we bring a birthday cake on the sunset cruise?',
    daysAgo: 0,
  },
  {
    name: 'María García',
    email: 'maria.garcia@example.es',
    phone: '+34611223344',
    source: 'form',
    message: '¿Tenéis traslado desde Adeje para 6 personas?',
    daysAgo: 1,
  },
  {
    name: 'Алексей Петров',
    email: '',
    phone: '+79251234567',
    source: 'widget',
    message: 'Можно ли арендовать катер на целый день в субботу?',
    daysAgo: 1,
  },
  {
    name: 'Sophie Martin',
    email: 'sophie.martin@example.fr',
    phone: '',
    source: 'landing',
    message: 'Do you offer vegetarian lunch on the catamaran?',
    daysAgo: 2,
  },
  {
    name: 'Jonas Berg',
    email: 'jonas.berg@example.se',
    phone: '+46701234567',
    source: 'form',
    message: 'I own a 10 m motor boat in Puerto Colón and would like to list it with you.',
    daysAgo: 3,
  },
  {
    name: 'Giulia Rossi',
    email: 'giulia.rossi@example.it',
    phone: '',
    source: 'widget',
    message: 'Is the whale watching trip suitable for a 4-year-old?',
    daysAgo: 4,
  },
  {
    name: 'Pablo Navarro',
    email: '',
    phone: '+34655443322',
    source: 'landing',
    message: 'Quiero reservar para una despedida de soltero, 10 personas.',
    daysAgo: 5,
  },
  {
    name: 'Ekaterina Volkova',
    email: 'ekaterina.volkova@example.ru',
    phone: '',
    source: 'form',
    message: 'Есть ли скидка для группы из 12 человек?',
    daysAgo: 6,
  },
  {
    name: 'Liam Walsh',
    email: 'liam.walsh@example.ie',
    phone: '+353861112223',
    source: 'widget',
    message: 'Can we add event decoration for a marriage proposal?',
    daysAgo: 8,
  },
  {
    name: 'Ana Rodríguez',
    email: 'ana.rodriguez@example.es',
    phone: '',
    source: 'landing',
    message: '¿Qué pasa si hace mal tiempo el día de la excursión?',
    daysAgo: 10,
  },
  {
    name: 'Thomas Becker',
    email: 'thomas.becker@example.de',
    phone: '+4915112345678',
    source: 'form',
    message: 'Do I need a licence for the speedboat? I have an ICC.',
    daysAgo: 12,
  },
  {
    name: 'Natalia Kuznetsova',
    email: 'natalia.k@example.ru',
    phone: '+79099876543',
    source: 'widget',
    message: 'Подскажите, есть ли на борту душ с пресной водой?',
    daysAgo: 15,
  },
];

/**
 * What the demo's customers write after a trip, in their own language (the seed picks from these
 * for its completed bookings), and the country each signs with, as they would type it.
 */
export const DEMO_REVIEW_TEXTS: Record<string, { stars: number; text: string }[]> = {
  en: [
    { stars: 5, text: 'Fantastic morning. The skipper found us a cove with turtles and nobody else around.' },
    { stars: 5, text: 'Great value for a shared trip. Friendly crew, cold drinks, and we saw pilot whales.' },
    {
      stars: 4,
      text: 'Lovely boat and very punctual. It got a bit choppy on the way back, but the crew kept us informed.',
    },
    { stars: 5, text: '' },
    { stars: 4, text: 'Good trip, clean boat. I would bring more sun cream next time!' },
  ],
  es: [
    { stars: 5, text: 'Una pasada. Vimos delfines muy cerca y el patrón nos explicó todo sobre la costa.' },
    { stars: 5, text: 'Perfecto para ir en familia: los niños no querían bajarse del barco.' },
    { stars: 4, text: 'Muy buena experiencia, aunque la salida se retrasó un poco en el puerto.' },
    { stars: 5, text: 'Repetiremos seguro. Trato excelente y el barco impecable.' },
  ],
  ru: [
    { stars: 5, text: 'Отличная прогулка! Видели дельфинов и купались в бухте. Капитан очень внимательный.' },
    { stars: 4, text: 'Всё понравилось, лодка чистая. Немного качало на обратном пути.' },
    { stars: 5, text: 'Лучший день отпуска. Спасибо команде!' },
  ],
};

const COUNTRY_BY_DOMAIN: Record<string, string> = {
  com: 'United Kingdom',
  es: 'España',
  ru: 'Россия',
  de: 'Deutschland',
  ie: 'Ireland',
  fr: 'France',
};

/** The country a demo customer signs their review with. */
export function demoCustomerCountry(email: string): string {
  return COUNTRY_BY_DOMAIN[email.split('.').at(-1) ?? ''] ?? '';
}

/** The owner's answers to some demo reviews, and the language each is written in. */
export const DEMO_REPLIES = [
  { text: 'Thank you! We are glad you enjoyed it. See you again on board.', language: 'en' },
  { text: 'Gracias por venir. ¡Os esperamos la próxima temporada!', language: 'es' },
];
