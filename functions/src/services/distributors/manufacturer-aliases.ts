/**
 * Makers known under more than one name: brands, old names after a rename or a takeover, and the
 * spellings distributors use. Each entry is one maker; the first name is the one the product
 * uses. Names are compared after folding (case, accents, punctuation and legal forms such as
 * GmbH, Inc. or Corporation dropped), so only genuinely different names need a line here.
 *
 * Keep it to makers the catalogue holds or distributors answer with; a name missing here still
 * matches itself, and a distributor's "(Formerly X)" is read without a table entry.
 */
export const manufacturerAliases: readonly (readonly string[])[] = [
  ['ABB', 'ABB Stotz-Kontakt', 'Thomas & Betts'],
  ['Allen-Bradley', 'Rockwell Automation', 'Allen Bradley'],
  ['CUI Devices', 'CUI', 'CUI Inc', 'Same Sky'],
  ['Eaton', 'Moeller', 'Cutler-Hammer', 'Eaton Moeller'],
  ['Finder', 'Finder Relays'],
  ['HARTING', 'HARTING Technology Group', 'Harting Electric'],
  ['LAPP', 'Lapp Kabel', 'U.I. Lapp', 'Lapp Group'],
  ['Molex', 'Molex Connector', 'Molex Incorporated'],
  ['onsemi', 'ON Semiconductor', 'ON Semi', 'Fairchild Semiconductor'],
  ['Phoenix Contact', 'Phoenix'],
  ['Schneider Electric', 'Schneider', 'Telemecanique', 'Telemecanique Sensors', 'Square D'],
  ['Siemens', 'Siemens Industry'],
  ['TE Connectivity', 'TE', 'Tyco Electronics', 'Tyco', 'AMP', 'Deutsch', 'Raychem'],
  ['Texas Instruments', 'TI'],
  ['WAGO', 'WAGO Kontakttechnik'],
  ['Weidmüller', 'Weidmueller', 'Weidmuller Interface'],
];
