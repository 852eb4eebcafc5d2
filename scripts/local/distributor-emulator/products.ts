/**
 * The emulator's fixed product list: what the two distributors list, written the way they
 * write it, never made up from the searched text. Makers carry each distributor's own spelling
 * (Digi-Key's "WAGO Corporation", "TE Connectivity Deutsch Connectors", "Same Sky (Formerly CUI
 * Devices)"; Mouser's "Wago", "Same Sky"); Phoenix Contact, Weidmüller and Lapp are listed under
 * their order numbers, not the type names a catalogue keeps; some products have no photo, a
 * series or package photo, a scheme-relative (`//`) or a maker's plain `http://` datasheet link
 * (those point at the makers' real hosts, which a machine without internet cannot reach).
 *
 * `catalogue` is how a catalogue would hold the part (reference, article number, maker): the
 * seeded demo catalogue has the first group, so `npm start` finds them offline; the rest come
 * from answers recorded from the real APIs (see functions/test/fixtures/distributors/README.md).
 */
export type EmulatedProvider = 'digikey' | 'mouser';

/** Where a product's photo comes from: the distributor's file host, a series or package picture, or none. */
export type PhotoKind = 'photo' | 'series' | 'package' | null;
/** Where its datasheet link points: the distributor's file host, a maker's http link, a `//` link, or none. */
export type DatasheetKind = 'pdf' | 'maker-http' | 'scheme-relative' | null;

export interface ListedProduct {
  /** The maker's part number as the distributors list it. */
  mpn: string;
  /** The maker as each distributor writes it; absent where that distributor does not list the product. */
  maker: Partial<Record<EmulatedProvider, string>>;
  description: string;
  digikeyNumbers?: readonly string[];
  mouserNumber?: string;
  photo: Partial<Record<EmulatedProvider, PhotoKind>> | PhotoKind;
  datasheet: DatasheetKind;
  /** A maker's own datasheet address, for `maker-http` and `scheme-relative` links. */
  makerDatasheet?: string;
  catalogue: { reference: string; articleNumber?: string; manufacturer: string };
  /** The recorded answer (a fixture's name) whose parameters, lifecycle, stock and prices it answers with. */
  recorded?: Partial<Record<EmulatedProvider, string>>;
}

const both = (name: string) => ({ digikey: name, mouser: name });

export const listedProducts: readonly ListedProduct[] = [
  // ---------------------------------------------------------------- parts of the seeded demo catalogue
  {
    mpn: '3044381',
    maker: both('Phoenix Contact'),
    description: 'TERM BLK FEED THRU 10MM2 UT 10',
    digikeyNumbers: ['277-1141-ND'],
    mouserNumber: '651-3044381',
    photo: 'photo',
    datasheet: 'maker-http',
    makerDatasheet: 'http://www.phoenixcontact.com/us/products/3044381/pdf',
    catalogue: { reference: 'UT 10', articleNumber: '3044381', manufacturer: 'Phoenix Contact' },
  },
  {
    mpn: '3209071',
    maker: both('Phoenix Contact'),
    description: 'TERM BLK PUSH-IN 16MM2 BLACK PT 16',
    digikeyNumbers: ['277-3209071-ND'],
    mouserNumber: '651-3209071',
    photo: { digikey: 'series', mouser: 'photo' },
    datasheet: 'pdf',
    catalogue: { reference: 'PT 16 BK', articleNumber: '3209071', manufacturer: 'Phoenix Contact' },
  },
  {
    mpn: '3209792',
    maker: both('Phoenix Contact'),
    description: 'TERM BLK PUSH-IN 4 CONN YELLOW PT 16-QUATTRO',
    mouserNumber: '651-3209792',
    photo: { mouser: null },
    datasheet: 'pdf',
    catalogue: { reference: 'PT 16-QUATTRO YE', articleNumber: '3209792', manufacturer: 'Phoenix Contact' },
  },
  {
    mpn: '2903154',
    maker: both('Phoenix Contact'),
    description: 'AC/DC CONVERTER 24V 120W TRIO-PS-2G/3AC/24DC/5',
    digikeyNumbers: ['277-2903154-ND'],
    mouserNumber: '651-2903154',
    photo: 'photo',
    datasheet: 'pdf',
    catalogue: { reference: 'TRIO-PS-2G/3AC/24DC/5', articleNumber: '2903154', manufacturer: 'Phoenix Contact' },
  },
  {
    mpn: '2903040',
    maker: both('Phoenix Contact'),
    description: 'AC/DC CONVERTER 48V 480W UNO-PS/1AC/48DC/10',
    digikeyNumbers: ['277-2903040-ND'],
    mouserNumber: '651-2903040',
    photo: 'photo',
    datasheet: 'maker-http',
    makerDatasheet: 'http://www.phoenixcontact.com/us/products/2903040/pdf',
    catalogue: { reference: 'UNO-PS/1AC/48DC/10', articleNumber: '2903040', manufacturer: 'Phoenix Contact' },
  },
  ...(
    [
      ['PKZM0-10-C', '727606', 'Ir=10 A, spring-cage'],
      ['PKZM0-32-T', '727369', 'Ir=32 A'],
      ['PKZM0-12-T', '727376', 'Ir=12 A'],
      ['PKZM0-2,5-T', '727556', 'Ir=2.5 A'],
      ['PKZM0-6,3-T', '727315', 'Ir=6.3 A'],
      ['PKZM0-25', '727398', 'Ir=25 A'],
      ['PKZM0-12', '727444', 'Ir=12 A'],
      ['PKZM0-6,3', '727596', 'Ir=6.3 A'],
    ] as const
  ).map(([mpn, article, rating]): ListedProduct => ({
    mpn,
    maker: both('Eaton'),
    description: `MOTOR PROTECTIVE CIRCUIT BREAKER 3P ${rating}`,
    digikeyNumbers: [`2985-${article}-ND`],
    mouserNumber: `740-${mpn.replace(/,/g, '.')}`,
    photo: 'photo',
    datasheet: 'pdf',
    catalogue: { reference: mpn, articleNumber: article, manufacturer: 'Eaton' },
  })),
  {
    mpn: '3RT2024-3AL21',
    maker: both('Siemens'),
    description: 'CONTACTOR 12A 3P 230V AC S0 SPRING',
    digikeyNumbers: ['3RT20243AL21-ND'],
    mouserNumber: '995-3RT2024-3AL21',
    photo: 'photo',
    datasheet: 'pdf',
    catalogue: { reference: '3RT2024-3AL21', manufacturer: 'Siemens' },
  },
  {
    mpn: '3RT2024-1AP01',
    maker: { mouser: 'Siemens' },
    description: 'CONTACTOR 12A 3P 230V AC S0 SCREW',
    mouserNumber: '995-3RT2024-1AP01',
    photo: 'photo',
    datasheet: null,
    catalogue: { reference: '3RT2024-1AP01', manufacturer: 'Siemens' },
  },
  {
    mpn: '09330062702',
    maker: both('HARTING'),
    description: 'HAN ES 6E-F INSERT CRIMP',
    digikeyNumbers: ['1195-09330062702-ND'],
    mouserNumber: '617-09330062702',
    photo: 'photo',
    datasheet: 'pdf',
    catalogue: { reference: '09 33 006 2702', articleNumber: '09330062702', manufacturer: 'Harting' },
  },
  {
    mpn: '09200042721',
    maker: both('HARTING'),
    description: 'HAN A 4E-F INSERT CAGE CLAMP',
    digikeyNumbers: ['1195-09200042721-ND'],
    mouserNumber: '617-09200042721',
    photo: 'photo',
    datasheet: 'pdf',
    catalogue: { reference: '09 20 004 2721', articleNumber: '09200042721', manufacturer: 'Harting' },
  },
  {
    mpn: '2CDS251001R00301',
    maker: both('ABB'),
    description: 'MINIATURE CIRCUIT BREAKER S201-D3 1P D 3A',
    digikeyNumbers: ['2CDS251001R00301-ND'],
    photo: 'photo',
    datasheet: 'pdf',
    catalogue: { reference: 'S201-D3', articleNumber: '2CDS251001R00301', manufacturer: 'ABB' },
  },
  {
    mpn: 'XB5BD42',
    maker: both('Schneider Electric'),
    description: 'SELECTOR SWITCH 2 POS STAY PUT 22MM',
    digikeyNumbers: ['2368-XB5BD42-ND'],
    mouserNumber: '511-XB5BD42',
    photo: 'photo',
    datasheet: 'pdf',
    catalogue: { reference: 'XB5BD42', manufacturer: 'Schneider Electric' },
  },
  {
    mpn: 'TM3DQ8RG',
    maker: both('Schneider Electric'),
    description: 'DISCRETE OUTPUT MODULE TM3 8 RELAY',
    digikeyNumbers: ['2368-TM3DQ8RG-ND'],
    mouserNumber: '511-TM3DQ8RG',
    photo: { digikey: 'photo', mouser: null },
    datasheet: 'pdf',
    catalogue: { reference: 'TM3DQ8RG', manufacturer: 'Schneider Electric' },
  },
  {
    mpn: 'DT04-3P',
    maker: { digikey: 'TE Connectivity Deutsch Connectors', mouser: 'TE Connectivity' },
    description: 'CONN RCPT HSG 3POS DT',
    digikeyNumbers: ['DT04-3P-ND'],
    mouserNumber: '654-DT04-3P',
    photo: 'photo',
    datasheet: 'pdf',
    catalogue: { reference: 'DT04-3P', manufacturer: 'TE Connectivity' },
  },
  {
    mpn: '221-415',
    maker: { digikey: 'WAGO Corporation', mouser: 'Wago' },
    description: 'SPLICING CONN 5 COND 4MM2 COMPACT',
    digikeyNumbers: ['2946-221-415-ND'],
    mouserNumber: '855-221-415',
    photo: 'photo',
    datasheet: 'scheme-relative',
    makerDatasheet: '//mm.digikey.com/Volume0/opasdata/d220001/medias/docus/5731/221-415.pdf',
    catalogue: { reference: '221-415', manufacturer: 'WAGO' },
  },
  {
    mpn: '46.52.8.230.0000',
    maker: { digikey: 'Finder Relays, Inc.', mouser: 'Finder' },
    description: 'RELAY GEN PURPOSE DPDT 8A 230V',
    digikeyNumbers: ['1486-46.52.8.230.0000-ND'],
    mouserNumber: '653-46.52.8.230.0000',
    photo: 'photo',
    datasheet: 'pdf',
    catalogue: { reference: '46.52.8.230.0000', manufacturer: 'Finder' },
  },
  // ---------------------------------------------------------------- products from recorded answers
  {
    mpn: 'LM358BAIPWR',
    maker: both('Texas Instruments'),
    description: 'DUAL, 36-V, 1.2-MHZ, 2-MV OFFSET',
    digikeyNumbers: ['296-LM358BAIPWRTR-ND', '296-LM358BAIPWRCT-ND', '296-LM358BAIPWRDKR-ND'],
    mouserNumber: '595-LM358BAIPWR',
    photo: 'package',
    datasheet: 'pdf',
    catalogue: { reference: '595-LM358BAIPWR', manufacturer: 'Texas Instruments' },
    recorded: { digikey: 'digikey-productdetails-296-LM358BAIPWRCT-ND' },
  },
  {
    mpn: 'BAT54SLT1G',
    maker: both('onsemi'),
    description: 'Schottky Diodes & Rectifiers 30V 225mW Dual',
    mouserNumber: '863-BAT54SLT1G',
    photo: 'package',
    datasheet: 'pdf',
    catalogue: { reference: 'BAT54SLT1G', manufacturer: 'ON Semiconductor' },
    recorded: { mouser: 'mouser-partnumber-863-BAT54SLT1G' },
  },
  {
    mpn: 'PJ-002A',
    maker: { digikey: 'Same Sky (Formerly CUI Devices)', mouser: 'Same Sky' },
    description: 'CONN PWR JACK 2X5.5MM SOLDER',
    digikeyNumbers: ['CP-002A-ND'],
    mouserNumber: '490-PJ-002A',
    photo: 'photo',
    datasheet: 'pdf',
    catalogue: { reference: 'PJ-002A', manufacturer: 'CUI Devices' },
  },
  {
    mpn: '0533980271',
    maker: both('Molex'),
    description: 'CONN HEADER SMD 2POS 1.25MM',
    digikeyNumbers: ['WM1731CT-ND'],
    mouserNumber: '538-53398-0271',
    photo: 'photo',
    datasheet: 'pdf',
    catalogue: { reference: '53398-0271', manufacturer: 'Molex' },
  },
  {
    mpn: '0402B104K160CT',
    maker: { digikey: 'Walsin Technology Corporation', mouser: 'Walsin' },
    description: 'CAP CER 0.1UF 16V X7R 0402',
    digikeyNumbers: ['1292-1339-1-ND'],
    mouserNumber: '791-0402B104K160CT',
    photo: 'package',
    datasheet: 'pdf',
    catalogue: { reference: '0402B104K160CT', manufacturer: 'Walsin Technology' },
  },
  {
    mpn: '1119303',
    maker: { mouser: 'Lapp Group' },
    description: 'Multi-Conductor Cables OLFLEX CLASSIC 110 3G1.5',
    mouserNumber: '673-1119303',
    photo: 'photo',
    datasheet: 'pdf',
    catalogue: { reference: 'ÖLFLEX CLASSIC 110 3G1,5', articleNumber: '1119303', manufacturer: 'LAPP' },
  },
  {
    mpn: '700-HK36Z24',
    maker: { digikey: 'Rockwell Automation', mouser: 'Allen Bradley' },
    description: 'RELAY GEN PURPOSE SPDT 6A 24V',
    digikeyNumbers: ['2617-700-HK36Z24-ND'],
    mouserNumber: '934-700-HK36Z24',
    photo: 'photo',
    datasheet: 'maker-http',
    makerDatasheet: 'http://literature.rockwellautomation.com/idc/groups/literature/documents/td/700-td552_-en-p.pdf',
    catalogue: { reference: '700-HK36Z24', manufacturer: 'Allen-Bradley' },
  },
  {
    mpn: '1020000000',
    maker: { digikey: 'Weidmüller', mouser: 'Weidmuller' },
    description: 'TERM BLK FEED THRU 2.5MM2 WDU 2.5',
    digikeyNumbers: ['281-1020000000-ND'],
    mouserNumber: '470-1020000000',
    photo: 'photo',
    datasheet: 'pdf',
    catalogue: { reference: 'WDU 2.5', articleNumber: '1020000000', manufacturer: 'Weidmueller' },
  },
];

/** Whether the distributor lists the product. */
export const listedAt = (product: ListedProduct, provider: EmulatedProvider): boolean =>
  Boolean(product.maker[provider]);

export const photoOf = (product: ListedProduct, provider: EmulatedProvider): PhotoKind =>
  product.photo !== null && typeof product.photo === 'object'
    ? provider in product.photo
      ? (product.photo[provider] ?? null)
      : 'photo'
    : product.photo;
