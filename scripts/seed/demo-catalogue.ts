import {
  componentDecimalFields,
  componentFileFields,
  componentIntegerFields,
  componentTextFields,
  type ComponentData,
} from '#shared/schemas/component';

/*
 * A demo catalogue of realistic parts, the same for the same seed: Phoenix Contact terminal
 * blocks and power supplies, Siemens contactors, relays and SIMATIC modules, ABB breakers,
 * Schneider PLC modules, push buttons and sensors, TE and Harting connectors and contacts,
 * Eaton contactors and motor protectors, and a few parts from other makers. References follow
 * each maker's numbering (3RT2015-1BB41, S201-C16, TM3DI16, DT06-2S, 09 33 010 2601 ...).
 */

/** A small, fast PRNG (sfc32) seeded from one integer: the same seed, the same catalogue. */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = seed >>> 0;
    for (let i = 0; i < 15; i++) this.next();
  }

  /** A float in [0, 1). */
  next(): number {
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    const t = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    const result = (t + this.d) | 0;
    this.c = (this.c + result) | 0;
    return (result >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  digits(count: number): string {
    let text = '';
    for (let i = 0; i < count; i++) text += String(this.int(0, 9));
    return text;
  }
}

/** A generated part: its fields, and whether the demo gives it a datasheet. */
export interface DemoPart {
  fields: ComponentData;
  hasDataSheet: boolean;
}

type PartFields = Partial<ComponentData> & Pick<ComponentData, 'reference' | 'class'>;

const round = (value: number, decimals = 1) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const mm2 = (value: number) => `${String(value).replace('.', ',')} mm²`;
const capitalised = (text: string) => text[0]!.toUpperCase() + text.slice(1);

/** The maker, who is also the supplier, and the reference, which is also the commercial reference. */
const soldAs = (manufacturer: string, reference: string) => ({
  manufacturer,
  supplierName: manufacturer,
  commercialReference: reference,
});

/** A device's tag letter, which is also the root of its marks (K for relays, Q for contactors ...). */
const tagged = (letter: string) => ({ mnemonic: letter, markRoot: letter });

/** The wire a part takes: sections in mm² (written with a decimal comma) and gauges, smallest first. */
const wires = (minMm2: number, maxMm2: number, minGauge: string, maxGauge: string) => ({
  maxWireSection: mm2(maxMm2),
  minWireSection: mm2(minMm2),
  maxWireGauge: maxGauge,
  minWireGauge: minGauge,
});

// ------------------------------------------------------------------ Phoenix Contact

const terminalSizes = [
  { size: '1,5', minMm2: 0.14, maxMm2: 1.5, awg: [26, 16], current: 17.5, width: 4.2, height: 42.5, depth: 35.3 },
  { size: '2,5', minMm2: 0.14, maxMm2: 4, awg: [26, 12], current: 24, width: 5.2, height: 47.5, depth: 42.2 },
  { size: '4', minMm2: 0.2, maxMm2: 6, awg: [24, 10], current: 32, width: 6.2, height: 47.5, depth: 42.2 },
  { size: '6', minMm2: 0.2, maxMm2: 10, awg: [24, 8], current: 41, width: 8.2, height: 47.5, depth: 46.9 },
  { size: '10', minMm2: 0.5, maxMm2: 16, awg: [20, 6], current: 57, width: 10.2, height: 51, depth: 46.9 },
  { size: '16', minMm2: 1.5, maxMm2: 25, awg: [16, 4], current: 76, width: 12.2, height: 55, depth: 53.6 },
  { size: '35', minMm2: 1.5, maxMm2: 50, awg: [14, 1], current: 125, width: 15.2, height: 66.5, depth: 61 },
] as const;

const terminalSeries = [
  { prefix: 'UT', connection: 'Screw connection', family: 'CLIPLINE complete UT', base: 3044000 },
  { prefix: 'PT', connection: 'Push-in connection', family: 'CLIPLINE complete PT', base: 3209000 },
  { prefix: 'ST', connection: 'Spring-cage connection', family: 'CLIPLINE complete ST', base: 3031000 },
  { prefix: 'UK', connection: 'Screw connection', family: 'CLIPLINE UK', base: 3003000 },
  { prefix: 'PTV', connection: 'Push-in connection, front entry', family: 'CLIPLINE complete PTV', base: 3211000 },
] as const;

const terminalVariants = [
  { suffix: '', type: 'Feed-through terminal block', terminals: 2, levels: 1 },
  { suffix: '-TWIN', type: 'Feed-through terminal block', terminals: 3, levels: 1 },
  { suffix: '-QUATTRO', type: 'Feed-through terminal block', terminals: 4, levels: 1 },
  { suffix: '-PE', type: 'Ground terminal block', terminals: 2, levels: 1 },
  { suffix: '-MT', type: 'Knife disconnect terminal block', terminals: 2, levels: 1 },
  { suffix: 'TB', type: 'Double-level terminal block', terminals: 4, levels: 2 },
  { suffix: '-HESI', type: 'Fuse terminal block', terminals: 2, levels: 1 },
] as const;

const terminalColours = [
  { code: '', name: 'gray' },
  { code: ' BU', name: 'blue' },
  { code: ' OG', name: 'orange' },
  { code: ' RD', name: 'red' },
  { code: ' BK', name: 'black' },
  { code: ' YE', name: 'yellow' },
] as const;

const phoenixTerminalBlock = (r: Random): PartFields => {
  const series = r.pick(terminalSeries);
  const size = r.pick(terminalSizes);
  const variant = r.pick(terminalVariants);
  const colour = variant.suffix === '-PE' ? { code: '', name: 'green-yellow' } : r.pick(terminalColours);
  const reference =
    variant.suffix === 'TB'
      ? `${series.prefix}TB ${size.size}${colour.code}`
      : `${series.prefix} ${size.size}${variant.suffix}${colour.code}`;
  const voltage = variant.suffix === '-HESI' ? 500 : variant.suffix === '-PE' ? null : 800;
  return {
    reference,
    class: 'Terminal Block',
    ...soldAs('Phoenix Contact', reference),
    type: variant.type,
    series: series.family,
    articleNumber: String(series.base + r.int(0, 999)),
    description: `${variant.type}, ${series.connection.toLowerCase()}, cross section: ${mm2(size.minMm2)} - ${mm2(size.maxMm2)}, AWG ${size.awg[0]} - ${size.awg[1]}, width: ${size.width} mm, color: ${colour.name}, mounting type: NS 35/7,5, NS 35/15`,
    terminalType: series.connection,
    numberOfTerminals: variant.terminals,
    numberOfCircuits: variant.levels,
    width: size.width,
    height: round(size.height + (variant.levels - 1) * 18.5),
    depth: size.depth,
    weight: round(size.width * 0.0017 * variant.terminals, 4),
    voltage,
    current: voltage === null ? null : `${size.current} A`,
    ...wires(size.minMm2, size.maxMm2, `AWG ${size.awg[0]}`, `AWG ${size.awg[1]}`),
    maxWireNumber: variant.suffix === '-TWIN' || variant.suffix === '-QUATTRO' ? 2 : 1,
    wireTerminationType: series.connection.split(',')[0]!,
    orientation: 'Vertical',
    ...tagged('X'),
    terminalStripSymbol: variant.suffix === '-PE' ? 'PE terminal' : 'Terminal',
    terminalMarks: variant.terminals > 2 ? '1;2;3;4'.slice(0, variant.terminals * 2 - 1) : '1;2',
    insertionExtractionTool:
      series.prefix === 'UT' || series.prefix === 'UK' ? 'SZS 0,6X3,5 (1205053)' : 'SZF 1-0,6X3,5 (1204517)',
    library: 'Phoenix Contact terminal blocks',
  };
};

/** Bridges and marker strips: the accessories a terminal-block catalogue is mostly made of. */
const phoenixAccessory = (r: Random): PartFields => {
  if (r.chance(0.4)) {
    const poles = r.pick([2, 3, 4, 5, 10, 20, 50]);
    const pitch = r.pick([
      { code: '4', width: 4.2 },
      { code: '5', width: 5.2 },
      { code: '6', width: 6.2 },
      { code: '8', width: 8.2 },
      { code: '10', width: 10.2 },
    ]);
    const colour = r.pick([
      { code: '', name: 'red' },
      { code: ' BU', name: 'blue' },
      { code: ' GY', name: 'gray' },
    ]);
    const reference = `FBS ${poles}-${pitch.code}${colour.code}`;
    return {
      reference,
      class: 'Terminal Block',
      ...soldAs('Phoenix Contact', reference),
      type: 'Plug-in bridge',
      series: 'CLIPLINE complete FBS',
      articleNumber: String(3030000 + r.int(0, 9999)),
      description: `Plug-in bridge, pitch: ${pitch.width} mm, number of positions: ${poles}, color: ${colour.name}`,
      numberOfTerminals: poles,
      width: round(poles * pitch.width - 1),
      current: `${pitch.width > 6 ? 41 : 24} A`,
      voltage: 800,
      mnemonic: 'X',
    };
  }
  const size = r.pick([4, 5, 6, 8, 10, 12]);
  const start = r.int(0, 99) * 10 + 1;
  const print = r.pick([
    { code: 'LGS', text: 'horizontal, numbers' },
    { code: 'QR', text: 'vertical, numbers' },
    { code: 'FORTL.ZAHLEN', text: 'consecutive numbers' },
  ]);
  const reference = `ZB ${size},${print.code}:${start}-${start + 9}`;
  return {
    reference,
    class: 'Terminal Block',
    ...soldAs('Phoenix Contact', reference),
    type: 'Marker strip',
    series: 'Zack marker strip ZB',
    articleNumber: String(1050000 + r.int(0, 99999)),
    description: `Zack marker strip, strip, white, labeled, printed ${print.text} ${start} to ${start + 9}, for terminal width ${size + 0.2} mm`,
    width: round(size * 10 + 1),
    mnemonic: 'X',
  };
};

const phoenixPowerSupply = (r: Random): PartFields => {
  const line = r.pick([
    { family: 'QUINT4-PS', base: 2904600, phases: ['1AC', '3AC'] },
    { family: 'TRIO-PS-2G', base: 2903140, phases: ['1AC', '3AC'] },
    { family: 'UNO-PS', base: 2902990, phases: ['1AC'] },
  ]);
  const phase = r.pick(line.phases);
  const volts = r.pick([12, 24, 48]);
  const amps = r.pick(volts === 24 ? [1.3, 2.5, 5, 10, 20, 40] : [2.5, 5, 10]);
  const reference = `${line.family}/${phase}/${volts}DC/${String(amps).replace('.', ',')}`;
  const width = round(22.5 + amps * 2.6, 1);
  return {
    reference,
    class: 'Power Supply',
    ...soldAs('Phoenix Contact', reference),
    type: 'Power supply unit',
    series: line.family,
    articleNumber: String(line.base + r.int(0, 99)),
    description: `${line.family} power supply, ${phase === '1AC' ? '1-phase' : '3-phase'} input, output ${volts} V DC / ${amps} A, DIN rail mounting`,
    voltage: phase === '1AC' ? 230 : 400,
    frequency: 50,
    voltage2: volts,
    current: `${amps} A`,
    width,
    height: 130,
    depth: 125,
    weight: round(0.2 + amps * 0.04, 3),
    numberOfTerminals: phase === '1AC' ? 7 : 8,
    terminalType: line.family === 'QUINT4-PS' ? 'Push-in connection' : 'Screw connection',
    ...wires(0.2, amps > 10 ? 6 : 2.5, 'AWG 24', amps > 10 ? 'AWG 10' : 'AWG 12'),
    ...tagged('G'),
    orientation: 'Vertical',
  };
};

// ------------------------------------------------------------------ Siemens

const coils = [
  { code: 'BB4', text: '24 V DC', voltage: 24, frequency: null },
  { code: 'BF4', text: '110 V DC', voltage: 110, frequency: null },
  { code: 'BM4', text: '220 V DC', voltage: 220, frequency: null },
  { code: 'AP0', text: '230 V AC, 50/60 Hz', voltage: 230, frequency: 50 },
  { code: 'AL2', text: '230 V AC, 50 Hz', voltage: 230, frequency: 50 },
  { code: 'AC2', text: '24 V AC, 50 Hz', voltage: 24, frequency: 50 },
  { code: 'AF0', text: '110 V AC, 50/60 Hz', voltage: 110, frequency: 50 },
  { code: 'AN2', text: '220 V AC, 50 Hz', voltage: 220, frequency: 50 },
] as const;

const contactorSizes = [
  { code: '15', frame: 'S00', kw: 3, amps: 7, width: 45, height: 57.5, depth: 73 },
  { code: '16', frame: 'S00', kw: 4, amps: 9, width: 45, height: 57.5, depth: 73 },
  { code: '17', frame: 'S00', kw: 5.5, amps: 12, width: 45, height: 57.5, depth: 73 },
  { code: '18', frame: 'S00', kw: 7.5, amps: 16, width: 45, height: 57.5, depth: 73 },
  { code: '23', frame: 'S0', kw: 4, amps: 9, width: 45, height: 85, depth: 97 },
  { code: '24', frame: 'S0', kw: 5.5, amps: 12, width: 45, height: 85, depth: 97 },
  { code: '25', frame: 'S0', kw: 7.5, amps: 17, width: 45, height: 85, depth: 97 },
  { code: '26', frame: 'S0', kw: 11, amps: 25, width: 45, height: 85, depth: 97 },
  { code: '27', frame: 'S0', kw: 15, amps: 32, width: 45, height: 85, depth: 97 },
  { code: '28', frame: 'S0', kw: 18.5, amps: 38, width: 45, height: 85, depth: 97 },
  { code: '36', frame: 'S2', kw: 22, amps: 50, width: 55, height: 114, depth: 130 },
  { code: '37', frame: 'S2', kw: 30, amps: 65, width: 55, height: 114, depth: 130 },
  { code: '38', frame: 'S2', kw: 37, amps: 80, width: 55, height: 114, depth: 130 },
] as const;

const connections = [
  { code: '1', text: 'screw terminal' },
  { code: '2', text: 'spring-loaded terminal' },
  { code: '3', text: 'ring cable lug connection' },
] as const;

const siemensContactor = (r: Random): PartFields => {
  const size = r.pick(contactorSizes);
  const connection = r.pick(connections);
  const coil = r.pick(coils);
  const aux =
    size.frame === 'S00'
      ? r.pick([
          { code: '1', text: '1 NO' },
          { code: '2', text: '1 NC' },
        ])
      : r.pick([
          { code: '0', text: 'none' },
          { code: '1', text: '1 NO + 1 NC' },
        ]);
  const reference = `3RT20${size.code}-${connection.code}${coil.code}${aux.code}`;
  const auxTerminals = aux.code === '0' ? 0 : aux.text.includes('+') ? 4 : 2;
  return {
    reference,
    class: 'Relay',
    ...soldAs('Siemens', reference),
    type: 'Power contactor',
    series: 'SIRIUS 3RT2',
    articleNumber: reference,
    description: `Power contactor, AC-3e/AC-3, ${size.amps} A, ${size.kw} kW / 400 V, 3-pole, ${coil.text}, auxiliary contacts: ${aux.text}, ${connection.text}, size ${size.frame}`,
    voltage: coil.voltage,
    frequency: coil.frequency,
    voltage2: 690,
    current: `${size.amps} A`,
    width: size.width,
    height: size.height,
    depth: size.depth,
    weight: round(size.width * size.height * size.depth * 0.0000016, 3),
    numberOfTerminals: 6 + 2 + auxTerminals,
    numberOfCircuits: 3 + auxTerminals / 2,
    terminalType: capitalised(connection.text),
    ...wires(
      size.frame === 'S2' ? 2.5 : 0.5,
      size.frame === 'S2' ? 35 : size.frame === 'S0' ? 10 : 4,
      size.frame === 'S2' ? 'AWG 14' : 'AWG 20',
      size.frame === 'S2' ? 'AWG 2' : size.frame === 'S0' ? 'AWG 8' : 'AWG 12',
    ),
    maxWireNumber: 2,
    wireTerminationType: connection.code === '2' ? 'Spring-loaded' : 'Screw',
    ...tagged('Q'),
    terminalMarks: `1;2;3;4;5;6;A1;A2${auxTerminals ? ';13;14' : ''}${auxTerminals === 4 ? ';21;22' : ''}`,
    symbol: 'Contactor 3-pole',
    circuitType: 'Power',
    orientation: 'Vertical',
    insertionExtractionTool: connection.code === '2' ? '3RA2908-1A (opening tool)' : null,
    library: 'Siemens SIRIUS',
  };
};

const siemensContactorRelay = (r: Random): PartFields => {
  const contacts = r.pick([
    { code: '22', text: '2 NO + 2 NC' },
    { code: '31', text: '3 NO + 1 NC' },
    { code: '40', text: '4 NO' },
    { code: '44', text: '4 NO + 4 NC' },
  ]);
  const connection = r.pick(connections.slice(0, 2));
  const coil = r.pick(coils);
  const reference = `3RH21${contacts.code}-${connection.code}${coil.code}${contacts.code === '44' ? '0' : r.pick(['0', '1'])}`;
  const poles = [...contacts.code].reduce((sum, digit) => sum + Number(digit), 0);
  return {
    reference,
    class: 'Relay',
    ...soldAs('Siemens', reference),
    type: 'Contactor relay',
    series: 'SIRIUS 3RH2',
    articleNumber: reference,
    description: `Contactor relay, ${contacts.text}, ${coil.text}, size S00, ${connection.text}`,
    voltage: coil.voltage,
    frequency: coil.frequency,
    current: '10 A',
    width: 45,
    height: 57.5,
    depth: 73,
    weight: 0.24,
    numberOfTerminals: poles * 2 + 2,
    numberOfCircuits: poles,
    terminalType: capitalised(connection.text),
    ...wires(0.5, 4, 'AWG 20', 'AWG 12'),
    ...tagged('K'),
    symbol: 'Contactor relay',
    circuitType: 'Control',
    orientation: 'Vertical',
  };
};

const siemensOverloadRelay = (r: Random): PartFields => {
  const range = r.pick([
    { code: '0A', text: '0.11 ... 0.16 A' },
    { code: '0J', text: '0.7 ... 1 A' },
    { code: '1A', text: '1.1 ... 1.6 A' },
    { code: '1C', text: '1.8 ... 2.5 A' },
    { code: '1F', text: '3.5 ... 5 A' },
    { code: '1H', text: '5.5 ... 8 A' },
    { code: '1J', text: '7 ... 10 A' },
    { code: '1K', text: '9 ... 12.5 A' },
    { code: '4A', text: '11 ... 16 A' },
    { code: '4B', text: '14 ... 20 A' },
  ]);
  const frame = r.pick([
    { code: '16', size: 'S00' },
    { code: '26', size: 'S0' },
  ]);
  const connection = r.pick(connections.slice(0, 2));
  const reference = `3RU21${frame.code}-${range.code}${connection.code === '1' ? 'B' : 'C'}0`;
  return {
    reference,
    class: 'Circuit Protection',
    ...soldAs('Siemens', reference),
    type: 'Thermal overload relay',
    series: 'SIRIUS 3RU2',
    articleNumber: reference,
    description: `Overload relay ${range.text}, thermal, for motor protection, size ${frame.size}, CLASS 10, contactor mounting, main circuit: ${connection.text}, auxiliary circuit: ${connection.text}, manual-automatic reset`,
    voltage: 690,
    current: range.text.split('... ')[1] ?? null,
    width: 45,
    height: frame.size === 'S00' ? 76 : 97,
    depth: 70,
    weight: 0.15,
    numberOfTerminals: 10,
    numberOfCircuits: 5,
    terminalType: capitalised(connection.text),
    ...tagged('F'),
    terminalMarks: '2;4;6;95;96;97;98',
    orientation: 'Vertical',
  };
};

const simaticModules = [
  {
    prefix: '6ES7521-1BL',
    type: 'Digital input module',
    text: 'SIMATIC S7-1500, digital input module DI 32x24 V DC HF',
    channels: 32,
    group: 'DI',
  },
  {
    prefix: '6ES7521-1BH',
    type: 'Digital input module',
    text: 'SIMATIC S7-1500, digital input module DI 16x24 V DC HF',
    channels: 16,
    group: 'DI',
  },
  {
    prefix: '6ES7522-1BL',
    type: 'Digital output module',
    text: 'SIMATIC S7-1500, digital output module DQ 32x24 V DC/0.5 A HF',
    channels: 32,
    group: 'DQ',
  },
  {
    prefix: '6ES7531-7KF',
    type: 'Analog input module',
    text: 'SIMATIC S7-1500, analog input module AI 8xU/I/RTD/TC ST',
    channels: 8,
    group: 'AI',
  },
  {
    prefix: '6ES7532-5HF',
    type: 'Analog output module',
    text: 'SIMATIC S7-1500, analog output module AQ 8xU/I HS',
    channels: 8,
    group: 'AQ',
  },
  {
    prefix: '6ES7221-1BH',
    type: 'Digital input module',
    text: 'SIMATIC S7-1200, digital input SM 1221, 16 DI, 24 V DC, sink/source',
    channels: 16,
    group: 'DI',
  },
  {
    prefix: '6ES7222-1BF',
    type: 'Digital output module',
    text: 'SIMATIC S7-1200, digital output SM 1222, 8 DO, 24 V DC transistor 0.5 A',
    channels: 8,
    group: 'DQ',
  },
  {
    prefix: '6ES7231-4HD',
    type: 'Analog input module',
    text: 'SIMATIC S7-1200, analog input SM 1231, 4 AI, +/-10 V, +/-5 V, +/-2.5 V, or 0(4)-20 mA',
    channels: 4,
    group: 'AI',
  },
  {
    prefix: '6ES7214-1AG',
    type: 'CPU',
    text: 'SIMATIC S7-1200, CPU 1214C, compact CPU, DC/DC/DC, onboard I/O: 14 DI 24 V DC; 10 DO 24 V DC; 2 AI 0-10 V DC',
    channels: 26,
    group: 'CPU',
  },
] as const;

const simaticModule = (r: Random): PartFields => {
  const module = r.pick(simaticModules);
  const reference = `${module.prefix}${r.pick(['00', '01', '10', '40'])}-0AB0`;
  const start = r.int(0, 63);
  const prefix = module.group === 'DI' || module.group === 'AI' ? '%I' : module.group === 'CPU' ? '%I' : '%Q';
  return {
    reference,
    class: 'PLC',
    ...soldAs('Siemens', reference),
    type: module.type,
    series: reference.startsWith('6ES75') ? 'SIMATIC S7-1500' : 'SIMATIC S7-1200',
    articleNumber: reference.replace('6ES7', '6ES7 ').replace('-0AB0', '-0AB0'),
    description: `${module.text}, ${r.pick(['incl. push-in front connector', 'front connector to be ordered separately', 'incl. infeed element'])}`,
    voltage: 24,
    numberOfCircuits: module.channels,
    numberOfTerminals: module.channels + r.pick([2, 4, 8]),
    plcChannelGroup: module.group,
    plcChannelAddress: `${prefix}${start}.0-${prefix}${start + Math.ceil(module.channels / 8) - 1}.7`,
    width: reference.startsWith('6ES75') ? 35 : 45,
    height: reference.startsWith('6ES75') ? 147 : 100,
    depth: reference.startsWith('6ES75') ? 129 : 75,
    weight: round(r.int(180, 320) / 1000, 3),
    terminalType: 'Push-in connection',
    ...tagged('A'),
    circuitType: 'PLC',
    orientation: 'Vertical',
  };
};

// ------------------------------------------------------------------ ABB

const breakerLines = [
  { series: 'S200', prefix: 'S20', suffix: '', kA: 6, code: '2CDS25' },
  { series: 'S200M', prefix: 'S20', suffix: 'M', kA: 10, code: '2CDS27' },
  { series: 'S200P', prefix: 'S20', suffix: 'P', kA: 25, code: '2CDS28' },
] as const;
const breakerCharacteristics = [
  { letter: 'B', digit: '5' },
  { letter: 'C', digit: '4' },
  { letter: 'D', digit: '1' },
  { letter: 'K', digit: '7' },
  { letter: 'Z', digit: '8' },
] as const;
const breakerRatings = [0.5, 1, 1.6, 2, 3, 4, 6, 8, 10, 13, 16, 20, 25, 32, 40, 50, 63] as const;

const abbBreaker = (r: Random): PartFields => {
  const line = r.pick(breakerLines);
  const poles = r.pick([1, 1, 1, 2, 3, 3, 4]);
  const characteristic = r.pick(breakerCharacteristics);
  const rating = r.pick(breakerRatings);
  const reference = `${line.prefix}${poles}${line.suffix}-${characteristic.letter}${String(rating).replace('.', '')}`;
  const ratingCode = String(Math.round(rating * (rating < 1 ? 100 : 10))).padStart(3, '0');
  return {
    reference,
    class: 'Circuit Protection',
    ...soldAs('ABB', reference),
    type: 'Miniature circuit breaker',
    series: line.series,
    articleNumber: `${line.code}${poles}001R0${ratingCode}${characteristic.digit}`,
    description: `Miniature circuit breaker ${line.series}, ${poles}P, ${characteristic.letter} characteristic, ${rating} A, ${line.kA} kA, ${poles === 1 ? '230' : '400'} V AC`,
    voltage: poles === 1 ? 230 : 400,
    voltage2: 440,
    frequency: 50,
    current: `${rating} A`,
    width: round(17.5 * poles),
    height: 88,
    depth: 69,
    weight: round(0.125 * poles, 3),
    numberOfTerminals: poles * 2,
    numberOfCircuits: poles,
    terminalType: 'Screw terminal',
    ...wires(0.75, 25, 'AWG 18', 'AWG 4'),
    maxWireNumber: 1,
    wireTerminationType: 'Cage clamp',
    orientation: 'Vertical',
    ...tagged('F'),
    symbol: `Circuit breaker ${poles}P`,
    terminalMarks: Array.from({ length: poles }, (_, pole) => `${pole * 2 + 1};${pole * 2 + 2}`).join(';'),
    library: 'ABB System pro M compact',
  };
};

const abbContactor = (r: Random): PartFields => {
  const size = r.pick([
    { code: '09', amps: 9, kw: 4 },
    { code: '12', amps: 12, kw: 5.5 },
    { code: '16', amps: 18, kw: 7.5 },
    { code: '26', amps: 26, kw: 11 },
    { code: '30', amps: 32, kw: 15 },
    { code: '38', amps: 38, kw: 18.5 },
  ]);
  const aux = r.pick(['10', '01']);
  const coil = r.pick([
    { code: '11', text: '24-60 V AC/20-60 V DC', voltage: 24 },
    { code: '13', text: '100-250 V AC/DC', voltage: 230 },
    { code: '12', text: '48-130 V AC/DC', voltage: 110 },
  ]);
  const reference = `AF${size.code}-30-${aux}-${coil.code}`;
  return {
    reference,
    class: 'Relay',
    ...soldAs('ABB', reference),
    type: 'Contactor',
    series: 'AF',
    articleNumber: `1SBL${r.digits(6)}R${coil.code}${aux}`,
    description: `AF${size.code} 3-pole contactor, ${size.amps} A AC-3 (${size.kw} kW / 400 V), auxiliary contact ${aux === '10' ? '1 NO' : '1 NC'}, coil ${coil.text}`,
    voltage: coil.voltage,
    voltage2: 690,
    current: `${size.amps} A`,
    width: 45,
    height: 86,
    depth: 86,
    weight: 0.34,
    numberOfTerminals: 10,
    numberOfCircuits: 4,
    terminalType: 'Screw terminal',
    ...tagged('Q'),
    orientation: 'Vertical',
  };
};

// ------------------------------------------------------------------ Schneider Electric

const schneiderModules = [
  {
    ref: 'TM3DI16',
    type: 'Digital input module',
    text: 'Discrete input module TM3, 16 inputs, 24 V DC, sink/source',
    channels: 16,
    group: 'DI',
    width: 23.6,
  },
  {
    ref: 'TM3DI8',
    type: 'Digital input module',
    text: 'Discrete input module TM3, 8 inputs, 24 V DC, sink/source',
    channels: 8,
    group: 'DI',
    width: 23.6,
  },
  {
    ref: 'TM3DI32K',
    type: 'Digital input module',
    text: 'Discrete input module TM3, 32 inputs, 24 V DC, HE10 connectors',
    channels: 32,
    group: 'DI',
    width: 29.7,
  },
  {
    ref: 'TM3DQ16T',
    type: 'Digital output module',
    text: 'Discrete output module TM3, 16 transistor outputs, source, 0.5 A',
    channels: 16,
    group: 'DQ',
    width: 23.6,
  },
  {
    ref: 'TM3DQ8R',
    type: 'Digital output module',
    text: 'Discrete output module TM3, 8 relay outputs, 2 A',
    channels: 8,
    group: 'DQ',
    width: 23.6,
  },
  {
    ref: 'TM3DM24R',
    type: 'Mixed I/O module',
    text: 'Discrete mixed module TM3, 16 inputs 24 V DC, 8 relay outputs 2 A',
    channels: 24,
    group: 'DI/DQ',
    width: 27.4,
  },
  {
    ref: 'TM3AI4',
    type: 'Analog input module',
    text: 'Analog input module TM3, 4 inputs, 0-10 V, 4-20 mA, 12 bit',
    channels: 4,
    group: 'AI',
    width: 23.6,
  },
  {
    ref: 'TM3AQ2',
    type: 'Analog output module',
    text: 'Analog output module TM3, 2 outputs, 0-10 V, 4-20 mA, 12 bit',
    channels: 2,
    group: 'AQ',
    width: 23.6,
  },
  {
    ref: 'TM3TI4',
    type: 'Temperature input module',
    text: 'Analog input module TM3, 4 temperature inputs, thermocouple/RTD',
    channels: 4,
    group: 'AI',
    width: 23.6,
  },
  {
    ref: 'TM221CE24R',
    type: 'Logic controller',
    text: 'Logic controller Modicon M221, 24 I/O, relay outputs, Ethernet, 100-240 V AC',
    channels: 24,
    group: 'CPU',
    width: 150,
  },
  {
    ref: 'TM221CE40T',
    type: 'Logic controller',
    text: 'Logic controller Modicon M221, 40 I/O, transistor source outputs, Ethernet, 24 V DC',
    channels: 40,
    group: 'CPU',
    width: 163,
  },
  {
    ref: 'TM221ME16R',
    type: 'Logic controller',
    text: 'Logic controller Modicon M221 Book, 16 I/O, relay outputs, Ethernet',
    channels: 16,
    group: 'CPU',
    width: 70,
  },
  {
    ref: 'BMXDDI1602',
    type: 'Digital input module',
    text: 'Discrete input module Modicon X80, 16 inputs, 24 V DC positive',
    channels: 16,
    group: 'DI',
    width: 32,
  },
  {
    ref: 'BMXDDI3202K',
    type: 'Digital input module',
    text: 'Discrete input module Modicon X80, 32 inputs, 24 V DC positive, 40-pin connector',
    channels: 32,
    group: 'DI',
    width: 32,
  },
  {
    ref: 'BMXDDO1602',
    type: 'Digital output module',
    text: 'Discrete output module Modicon X80, 16 solid state outputs, 24 V DC positive, 0.5 A',
    channels: 16,
    group: 'DQ',
    width: 32,
  },
  {
    ref: 'BMXAMI0810',
    type: 'Analog input module',
    text: 'Analog input module Modicon X80, 8 inputs, high speed, isolated',
    channels: 8,
    group: 'AI',
    width: 32,
  },
  {
    ref: 'BMXAMO0410',
    type: 'Analog output module',
    text: 'Analog output module Modicon X80, 4 outputs, isolated',
    channels: 4,
    group: 'AQ',
    width: 32,
  },
] as const;

const schneiderPlcModule = (r: Random): PartFields => {
  const module = r.pick(schneiderModules);
  const variant = r.pick(['', '', 'G', 'C', 'H']);
  const reference = `${module.ref}${variant}`;
  const prefix = module.group.startsWith('A') ? '%IW' : module.group === 'DQ' ? '%Q' : '%I';
  const slot = r.int(0, 14);
  return {
    reference,
    class: 'PLC',
    ...soldAs('Schneider Electric', reference),
    type: module.type,
    series: reference.startsWith('BMX')
      ? 'Modicon X80'
      : reference.startsWith('TM221')
        ? 'Modicon M221'
        : 'Modicon TM3',
    articleNumber: reference,
    description: `${module.text}${variant === 'G' ? ', spring terminal blocks' : variant === 'C' ? ', conformal coated' : variant === 'H' ? ', harsh environment' : ''}`,
    voltage: module.text.includes('240 V AC') ? 230 : 24,
    numberOfCircuits: module.channels,
    numberOfTerminals: module.channels + (module.channels > 16 ? 4 : 2),
    plcChannelGroup: module.group,
    plcChannelAddress: `${prefix}${slot}.0-${prefix}${slot}.${module.channels - 1}`,
    width: module.width,
    height: module.ref.startsWith('BMX') ? 103.7 : 90,
    depth: module.ref.startsWith('BMX') ? 105.5 : 84.6,
    weight: round(module.width * 0.0048, 3),
    terminalType: variant === 'G' ? 'Spring connection' : 'Screw connection',
    ...tagged('A'),
    circuitType: 'PLC',
    orientation: 'Vertical',
  };
};

const schneiderPushButton = (r: Random): PartFields => {
  const body = r.pick([
    { code: 'XB4', text: 'metal bezel, Harmony XB4' },
    { code: 'XB5', text: 'plastic bezel, Harmony XB5' },
  ]);
  const operator = r.pick([
    { code: 'BA', type: 'Push button', text: 'flush push button, spring return' },
    { code: 'BL', type: 'Push button', text: 'projecting push button, spring return' },
    { code: 'BT', type: 'Emergency stop', text: 'mushroom head push button, Ø40, latching turn to release' },
    { code: 'BD', type: 'Selector switch', text: 'selector switch, 2 positions, stay put' },
    { code: 'BVB', type: 'Pilot light', text: 'pilot light, integral LED, 24 V AC/DC' },
  ]);
  const colour = r.pick([
    { code: '1', name: 'white' },
    { code: '2', name: 'black' },
    { code: '3', name: 'green' },
    { code: '4', name: 'red' },
    { code: '5', name: 'yellow' },
    { code: '6', name: 'blue' },
  ]);
  const contact = operator.type === 'Pilot light' ? '' : r.pick(['1', '2', '5']);
  const reference = `${body.code}${operator.code}${colour.code}${contact}`;
  return {
    reference,
    class: 'Switch',
    ...soldAs('Schneider Electric', reference),
    type: operator.type,
    series: body.code === 'XB4' ? 'Harmony XB4' : 'Harmony XB5',
    articleNumber: reference,
    description: `${operator.text}, ${colour.name}, Ø22, ${body.text}${contact ? `, ${contact === '1' ? '1 NO' : contact === '2' ? '1 NC' : '1 NO + 1 NC'}` : ''}`,
    voltage: operator.type === 'Pilot light' ? 24 : 240,
    current: operator.type === 'Pilot light' ? '18 mA' : '3 A',
    width: 40,
    height: 40,
    depth: body.code === 'XB4' ? 45 : 52,
    weight: body.code === 'XB4' ? 0.065 : 0.04,
    numberOfTerminals: contact === '5' ? 4 : 2,
    numberOfCircuits: contact === '5' ? 2 : 1,
    terminalType: 'Screw clamp terminals',
    maxWireSection: mm2(2.5),
    minWireSection: mm2(0.34),
    ...tagged(operator.type === 'Pilot light' ? 'P' : 'S'),
    orientation: 'Front',
  };
};

const schneiderSensor = (r: Random): PartFields => {
  const size = r.pick([
    { code: '08', range: 1.5, thread: 'M8' },
    { code: '12', range: 2, thread: 'M12' },
    { code: '18', range: 5, thread: 'M18' },
    { code: '30', range: 10, thread: 'M30' },
  ]);
  const output = r.pick([
    { code: 'PA', text: 'PNP, NO' },
    { code: 'NA', text: 'NPN, NO' },
    { code: 'PB', text: 'PNP, NC' },
  ]);
  const connection = r.pick([
    { code: 'L2', text: '2 m cable' },
    { code: 'M12', text: 'M12 connector' },
    { code: 'L5', text: '5 m cable' },
  ]);
  const mounting = r.pick([
    { code: 'B1', text: 'flush' },
    { code: 'B2', text: 'non flush' },
  ]);
  const reference = `XS6${size.code}${mounting.code}${output.code}${connection.code}`;
  return {
    reference,
    class: 'Sensor',
    ...soldAs('Schneider Electric', reference),
    type: 'Inductive proximity sensor',
    series: 'OsiSense XS',
    articleNumber: reference,
    description: `Inductive proximity sensor XS6, ${size.thread}, L${r.int(40, 70)} mm, brass, Sn ${mounting.code === 'B1' ? size.range : size.range * 2} mm, ${mounting.text}, 12-24 V DC, ${output.text}, ${connection.text}`,
    voltage: 24,
    current: '200 mA',
    width: Number(size.code),
    height: Number(size.code),
    depth: r.int(40, 70),
    weight: round(Number(size.code) * 0.004, 3),
    numberOfTerminals: 3,
    ...tagged('B'),
    orientation: 'Axial',
  };
};

// ------------------------------------------------------------------ TE Connectivity

const teHousings = [
  {
    series: 'DEUTSCH DT',
    plug: 'DT06',
    receptacle: 'DT04',
    positions: [2, 3, 4, 6, 8, 12],
    contact: 16,
    amps: 13,
    volts: 250,
  },
  {
    series: 'DEUTSCH DTM',
    plug: 'DTM06',
    receptacle: 'DTM04',
    positions: [2, 3, 4, 6, 8, 12],
    contact: 20,
    amps: 7.5,
    volts: 250,
  },
  { series: 'DEUTSCH DTP', plug: 'DTP06', receptacle: 'DTP04', positions: [2, 4], contact: 12, amps: 25, volts: 250 },
] as const;

const teDeutschHousing = (r: Random): PartFields => {
  const line = r.pick(teHousings);
  const positions = r.pick(line.positions);
  const plug = r.chance(0.5);
  const key = positions >= 8 ? r.pick(['A', 'B', 'C', 'D']) : '';
  const mods = r.pick(['', '', '-E004', '-E005', '-CE01', '-CE04']);
  const reference = `${plug ? line.plug : line.receptacle}-${positions}${plug ? 'S' : 'P'}${key}${mods}`;
  const mate = `${plug ? line.receptacle : line.plug}-${positions}${plug ? 'P' : 'S'}${key}`;
  return {
    reference,
    class: 'Connector',
    ...soldAs('TE Connectivity', reference),
    type: plug ? 'Plug housing' : 'Receptacle housing',
    series: line.series,
    articleNumber: reference,
    description: `${line.series} ${plug ? 'plug' : 'receptacle'}, ${positions} positions, size ${line.contact} contacts, ${key ? `key ${key}, ` : ''}IP68, ${line.amps} A, ${line.volts} V, wedgelock W${positions}${plug ? 'S' : 'P'} required`,
    value1: mate,
    numberOfTerminals: positions,
    numberOfCircuits: positions,
    voltage: line.volts,
    current: `${line.amps} A`,
    width: round(8 + positions * 3.9),
    height: round(positions > 6 ? 28 : 19.5),
    depth: round(plug ? 41.5 : 45.3),
    weight: round(0.002 * positions + 0.004, 4),
    toolCrimp:
      line.contact === 20 ? 'HDT-48-00 (size 20)' : line.contact === 12 ? 'HDT-48-00 (size 12)' : 'HDT-48-00 (size 16)',
    insertionExtractionTool:
      line.contact === 20 ? '0411-204-2005' : line.contact === 12 ? '0411-204-1205' : '0411-204-1605',
    terminalType: 'Crimp',
    ...tagged('X'),
    orientation: 'Inline',
  };
};

const teContact = (r: Random): PartFields => {
  const family = r.pick([
    {
      series: 'DEUTSCH DT',
      pin: '0460-202-',
      socket: '0462-201-',
      size: '16',
      gauges: ['16141', '1631', '20141'],
      amps: 13,
      wire: [0.5, 1.5],
      awg: [20, 14],
      tool: 'HDT-48-00',
      extract: '0411-204-1605',
    },
    {
      series: 'DEUTSCH DTM',
      pin: '0460-010-',
      socket: '0462-005-',
      size: '20',
      gauges: ['20141', '2031'],
      amps: 7.5,
      wire: [0.35, 1],
      awg: [22, 16],
      tool: 'HDT-48-00',
      extract: '0411-204-2005',
    },
    {
      series: 'MCON 1.2',
      pin: '1-1703930-',
      socket: '2-1703930-',
      size: '1.2',
      gauges: ['1', '2', '3'],
      amps: 15,
      wire: [0.35, 0.75],
      awg: [22, 18],
      tool: '2-1579001-3',
      extract: '1-1579007-8',
    },
    {
      series: 'Junior Power Timer',
      pin: '927771-',
      socket: '929939-',
      size: '2.8',
      gauges: ['1', '3', '6'],
      amps: 20,
      wire: [0.5, 2.5],
      awg: [20, 14],
      tool: '539635-1',
      extract: '1-1579007-4',
    },
    {
      series: 'AMP SUPERSEAL 1.5',
      pin: '282109-',
      socket: '282110-',
      size: '1.5',
      gauges: ['1', '2'],
      amps: 14,
      wire: [0.5, 1.5],
      awg: [20, 16],
      tool: '58529-1',
      extract: '1579007-4',
    },
  ]);
  const pin = r.chance(0.5);
  const plating = r.pick([
    { code: '', text: 'tin plated' },
    { code: 'G', text: 'gold plated' },
    { code: 'S', text: 'silver plated' },
  ]);
  const reference = `${pin ? family.pin : family.socket}${r.pick(family.gauges)}${plating.code ? `-${plating.code}${r.digits(2)}` : ''}`;
  return {
    reference,
    class: 'Contact',
    ...soldAs('TE Connectivity', reference),
    type: pin ? 'Crimp pin contact' : 'Crimp socket contact',
    series: family.series,
    articleNumber: reference,
    description: `${family.series} ${pin ? 'pin' : 'socket'} contact, size ${family.size}, ${plating.text}, wire ${mm2(family.wire[0]!)} - ${mm2(family.wire[1]!)}, ${family.amps} A, stamped and formed`,
    current: `${family.amps} A`,
    voltage: 250,
    ...wires(family.wire[0]!, family.wire[1]!, `AWG ${family.awg[0]}`, `AWG ${family.awg[1]}`),
    maxWireNumber: 1,
    toolCrimp: family.tool,
    turretPositionerDieHead: family.series.startsWith('DEUTSCH')
      ? r.pick(['TH1A turret head', 'TP-1046 positioner'])
      : `Die ${family.tool}-${r.int(1, 4)}`,
    insertionExtractionTool: family.extract,
    wireTerminationType: 'Crimp',
    terminalType: 'Crimp',
    numberOfTerminals: 1,
    weight: round(r.int(4, 30) / 10000, 4),
    mnemonic: 'X',
  };
};

const teTerminalNumber = (r: Random): PartFields => {
  // TE numbers many headers and receptacles with plain 6- or 7-digit part numbers.
  const positions = r.pick([2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 24, 40]);
  const line = r.pick([
    { series: 'AMP-LATCH', type: 'IDC receptacle', pitch: 2.54 },
    { series: 'Micro-MaTch', type: 'PCB header', pitch: 1.27 },
    { series: 'MTA-100', type: 'Wire-to-board header', pitch: 2.54 },
    { series: 'Dynamic D-3000', type: 'Receptacle housing', pitch: 3.81 },
    { series: 'AMPMODU', type: 'Board-to-board receptacle', pitch: 2.54 },
  ]);
  const reference = `${r.chance(0.4) ? `${r.int(1, 9)}-` : ''}${r.int(100000, 2399999)}-${r.int(0, 9)}`;
  return {
    reference,
    class: 'Connector',
    ...soldAs('TE Connectivity', reference),
    type: line.type,
    series: line.series,
    articleNumber: reference,
    description: `${line.series} ${line.type}, ${positions} positions, ${line.pitch} mm pitch, ${r.pick(['vertical', 'right angle'])}, ${r.pick(['tin', 'gold flash', '0.76 µm gold'])} contacts, ${r.pick(['black', 'natural', 'blue'])} housing`,
    numberOfTerminals: positions,
    numberOfCircuits: positions,
    voltage: r.pick([125, 250, 300]),
    current: `${r.pick([1, 2, 3, 5])} A`,
    width: round(positions * line.pitch + 5.1),
    height: round(r.int(50, 120) / 10),
    depth: round(r.int(60, 150) / 10),
    terminalType: r.pick(['Through hole', 'Surface mount', 'IDC', 'Crimp']),
    orientation: r.pick(['Vertical', 'Right angle']),
    mnemonic: 'X',
  };
};

// ------------------------------------------------------------------ Harting

const hartingInsert = (r: Random): PartFields => {
  const line = r.pick([
    { series: 'Han E', code: '09 33', positions: [6, 10, 16, 24, 32, 48], amps: 16, volts: 500, contactSize: '2.5' },
    { series: 'Han D', code: '09 21', positions: [7, 8, 15, 25, 40, 64], amps: 10, volts: 250, contactSize: '1.6' },
    { series: 'Han A', code: '09 20', positions: [3, 4, 10, 16], amps: 16, volts: 400, contactSize: '2.5' },
    { series: 'Han ES', code: '09 33', positions: [6, 10, 16, 24], amps: 16, volts: 500, contactSize: '2.5' },
  ]);
  const positions = r.pick(line.positions);
  const male = r.chance(0.5);
  const termination = r.pick([
    { code: '01', text: 'screw terminal', tool: null },
    { code: '02', text: 'crimp terminal', tool: '09 99 000 0110' },
    { code: '21', text: 'cage-clamp terminal', tool: null },
  ]);
  const gender = male ? (line.series === 'Han D' ? '30' : '26') : line.series === 'Han D' ? '31' : '27';
  const reference = `${line.code} ${String(positions).padStart(3, '0')} ${gender}${termination.code}`;
  return {
    reference,
    class: 'Connector',
    ...soldAs('Harting', reference),
    type: male ? 'Male insert' : 'Female insert',
    series: line.series,
    articleNumber: reference.replaceAll(' ', ''),
    description: `${line.series} ${positions}${line.series === 'Han D' ? 'D' : 'E'}-${male ? 'M' : 'F'} insert, ${positions} + PE contacts, ${termination.text}, ${line.amps} A, ${line.volts} V`,
    value1: `${line.code} ${String(positions).padStart(3, '0')} ${male ? Number(gender) + 1 : Number(gender) - 1}${termination.code}`,
    numberOfTerminals: positions + 1,
    numberOfCircuits: positions,
    voltage: line.volts,
    current: `${line.amps} A`,
    width: round(positions <= 10 ? 34 : positions <= 16 ? 43 : 57),
    height: 27,
    depth: round(positions * 1.9 + 21),
    weight: round(0.006 * positions, 3),
    ...wires(0.14, line.series === 'Han D' ? 2.5 : 4, 'AWG 26', line.series === 'Han D' ? 'AWG 14' : 'AWG 12'),
    toolCrimp: termination.tool ?? (line.series === 'Han D' ? '09 99 000 0001' : null),
    insertionExtractionTool: line.series === 'Han D' ? '09 99 000 0012' : '09 99 000 0052',
    terminalType: capitalised(termination.text),
    ...tagged('X'),
    orientation: 'Inline',
  };
};

const hartingContact = (r: Random): PartFields => {
  const line = r.pick([
    {
      series: 'Han E',
      code: '09 33 000 6',
      sizes: [
        [0.14, '121'],
        [0.5, '116'],
        [1.5, '102'],
        [2.5, '104'],
        [4, '105'],
      ] as readonly (readonly [number, string])[],
      tool: '09 99 000 0110',
      extract: '09 99 000 0052',
      amps: 16,
    },
    {
      series: 'Han D',
      code: '09 15 000 6',
      sizes: [
        [0.14, '107'],
        [0.5, '105'],
        [1, '103'],
        [1.5, '104'],
        [2.5, '106'],
      ] as readonly (readonly [number, string])[],
      tool: '09 99 000 0001',
      extract: '09 99 000 0012',
      amps: 10,
    },
  ]);
  const [wire, sizeCode] = r.pick(line.sizes);
  const male = r.chance(0.5);
  const reference = `${line.code}${male ? sizeCode : String(Number(sizeCode) + 100)}`;
  return {
    reference,
    class: 'Contact',
    ...soldAs('Harting', reference),
    type: male ? 'Crimp pin contact' : 'Crimp socket contact',
    series: line.series,
    articleNumber: reference.replaceAll(' ', ''),
    description: `${line.series} crimp contact, ${male ? 'male' : 'female'}, ${mm2(wire)}, silver plated, turned`,
    current: `${line.amps} A`,
    ...wires(wire, wire, `AWG ${Math.round(18 - Math.log2(wire) * 3)}`, `AWG ${Math.round(18 - Math.log2(wire) * 3)}`),
    maxWireNumber: 1,
    toolCrimp: line.tool,
    turretPositionerDieHead: `Locator ${line.series === 'Han E' ? '09 99 000 0377' : '09 99 000 0376'}`,
    insertionExtractionTool: line.extract,
    wireTerminationType: 'Crimp',
    terminalType: 'Crimp',
    numberOfTerminals: 1,
    weight: 0.001,
    mnemonic: 'X',
  };
};

// ------------------------------------------------------------------ Eaton and others

const eatonContactor = (r: Random): PartFields => {
  const size = r.pick([
    { code: '7', amps: 7, kw: 3 },
    { code: '9', amps: 9, kw: 4 },
    { code: '12', amps: 12, kw: 5.5 },
    { code: '17', amps: 17, kw: 7.5 },
    { code: '25', amps: 25, kw: 11 },
    { code: '32', amps: 32, kw: 15 },
    { code: '40', amps: 40, kw: 18.5 },
  ]);
  const aux = r.pick(['10', '01']);
  const coil = r.pick([
    { code: '24VDC', voltage: 24, frequency: null },
    { code: '230V50HZ,240V60HZ', voltage: 230, frequency: 50 },
    { code: '110V50HZ,120V60HZ', voltage: 110, frequency: 50 },
    { code: 'RDC24', voltage: 24, frequency: null },
  ]);
  const reference = `DILM${size.code}-${aux}(${coil.code})`;
  return {
    reference,
    class: 'Relay',
    ...soldAs('Eaton', reference),
    type: 'Contactor',
    series: 'DILM',
    articleNumber: String(r.int(276000, 277999)),
    description: `Contactor, 3 pole, 380 V 400 V ${size.kw} kW, ${aux === '10' ? '1 N/O' : '1 NC'}, ${coil.code.replace(',', ' / ')}, ${coil.frequency ? 'AC operation' : 'DC operation'}, screw terminals`,
    voltage: coil.voltage,
    frequency: coil.frequency,
    voltage2: 690,
    current: `${size.amps} A`,
    width: 45,
    height: 68,
    depth: size.amps > 17 ? 101 : 75,
    weight: 0.23,
    numberOfTerminals: 10,
    numberOfCircuits: 4,
    terminalType: 'Screw terminals',
    ...tagged('Q'),
    orientation: 'Vertical',
  };
};

const eatonMotorProtector = (r: Random): PartFields => {
  const setting = r.pick([
    '0,16',
    '0,25',
    '0,4',
    '0,63',
    '1',
    '1,6',
    '2,5',
    '4',
    '6,3',
    '10',
    '12',
    '16',
    '20',
    '25',
    '32',
  ]);
  const reference = `PKZM0-${setting}${r.pick(['', '', '-T', '-C'])}`;
  return {
    reference,
    class: 'Circuit Protection',
    ...soldAs('Eaton', reference),
    type: 'Motor-protective circuit-breaker',
    series: 'PKZM0',
    articleNumber: String(r.int(72730, 72760) * 10 + r.int(0, 9)),
    description: `Motor-protective circuit-breaker, 3p, Ir=${setting} A, ${reference.endsWith('-C') ? 'spring-cage terminals' : 'screw terminals'}`,
    voltage: 690,
    current: `${setting.replace(',', '.')} A`,
    width: 45,
    height: 93,
    depth: 76,
    weight: 0.31,
    numberOfTerminals: 6,
    numberOfCircuits: 3,
    terminalType: reference.endsWith('-C') ? 'Spring-cage terminals' : 'Screw terminals',
    ...tagged('Q'),
    orientation: 'Vertical',
  };
};

const otherMakers = (r: Random): PartFields => {
  const part = r.pick([
    () => {
      const poles = r.pick([2, 3, 5]);
      const reference = `221-41${poles}`;
      return {
        reference,
        class: 'Connector',
        manufacturer: 'WAGO',
        type: 'Splicing connector',
        series: '221',
        articleNumber: reference,
        description: `COMPACT splicing connector, for all conductor types, max. 4 mm², ${poles}-conductor, with operating levers, transparent housing`,
        numberOfTerminals: poles,
        maxWireSection: mm2(4),
        minWireSection: mm2(0.2),
        voltage: 450,
        current: '32 A',
      } satisfies PartFields;
    },
    () => {
      const volts = r.pick(['012', '024', '048', '110', '230']);
      const contacts = r.pick([
        { code: '40.52', text: '2 CO, 8 A' },
        { code: '40.61', text: '1 CO, 16 A' },
        { code: '46.52', text: '2 CO, 8 A' },
      ]);
      const reference = `${contacts.code}.${volts === '230' ? '8' : '9'}.${volts}.${r.pick(['0000', '5000', '0054'])}`;
      return {
        reference,
        class: 'Relay',
        manufacturer: 'Finder',
        type: 'Miniature PCB/plug-in relay',
        series: contacts.code.split('.')[0]!,
        articleNumber: reference,
        description: `Miniature relay, ${contacts.text}, coil ${Number(volts)} V ${volts === '230' ? 'AC' : 'DC'}, AgNi contacts`,
        voltage: Number(volts),
        current: contacts.text.split(', ')[1]!,
        numberOfTerminals: contacts.text.startsWith('2') ? 8 : 5,
        mnemonic: 'K',
      } satisfies PartFields;
    },
    () => {
      const reference = `IME${r.pick(['08', '12', '18', '30'])}-${r.pick(['02', '04', '05', '08', '10'])}B${r.pick(['P', 'N'])}SZC0S`;
      return {
        reference,
        class: 'Sensor',
        manufacturer: 'Other',
        type: 'Inductive proximity sensor',
        series: 'IME',
        articleNumber: String(r.int(1040000, 1049999)),
        description: `Inductive proximity sensor, ${reference.slice(3, 5)} mm thread, ${reference.includes('BP') ? 'PNP' : 'NPN'}, NO, M12 4-pin connector`,
        voltage: 24,
        numberOfTerminals: 4,
        mnemonic: 'B',
      } satisfies PartFields;
    },
  ]);
  return part();
};

// ------------------------------------------------------------------ the catalogue

const families: readonly { weight: number; make: (r: Random) => PartFields }[] = [
  { weight: 10, make: phoenixTerminalBlock },
  { weight: 8, make: phoenixAccessory },
  { weight: 3, make: phoenixPowerSupply },
  { weight: 8, make: siemensContactor },
  { weight: 3, make: siemensContactorRelay },
  { weight: 2, make: siemensOverloadRelay },
  { weight: 6, make: simaticModule },
  { weight: 10, make: abbBreaker },
  { weight: 3, make: abbContactor },
  { weight: 6, make: schneiderPlcModule },
  { weight: 4, make: schneiderPushButton },
  { weight: 3, make: schneiderSensor },
  { weight: 8, make: teDeutschHousing },
  { weight: 8, make: teContact },
  { weight: 8, make: teTerminalNumber },
  { weight: 6, make: hartingInsert },
  { weight: 4, make: hartingContact },
  { weight: 3, make: eatonContactor },
  { weight: 2, make: eatonMotorProtector },
  { weight: 2, make: otherMakers },
];
const totalWeight = families.reduce((sum, family) => sum + family.weight, 0);

const pickFamily = (r: Random) => {
  let ticket = r.next() * totalWeight;
  for (const family of families) {
    ticket -= family.weight;
    if (ticket < 0) return family;
  }
  return families[families.length - 1]!;
};

const emptyData = (): ComponentData => {
  const data: Record<string, null> = {};
  for (const field of [
    ...componentTextFields,
    ...componentFileFields,
    ...componentDecimalFields,
    ...componentIntegerFields,
  ])
    data[field] = null;
  return data as unknown as ComponentData;
};

/**
 * A maker's special version of a part ('-Z' and an option code, as Siemens and others number
 * them), for when a family's standard numbering is used up: the catalogue keeps the mix of
 * makers and classes however many parts it holds.
 */
const specialVersion = (fields: PartFields, r: Random): PartFields => {
  const code = `-Z${String.fromCharCode(65 + r.int(0, 25), 65 + r.int(0, 25))}${r.digits(2)}`;
  return {
    ...fields,
    reference: `${fields.reference}${code}`,
    articleNumber: fields.articleNumber ? `${fields.articleNumber}${code}` : null,
    commercialReference: `${fields.reference}${code}`,
  };
};

/**
 * `count` parts, deterministic for `seed`, unique references, the makers and classes mixed in
 * the same proportions at any size; about 60% have a datasheet.
 */
export function* generateDemoCatalogue(count: number, seed = 1): Generator<DemoPart> {
  const random = new Random(seed);
  const used = new Set<string>();
  for (let produced = 0; produced < count; produced++) {
    const family = pickFamily(random);
    let fields = family.make(random);
    for (let attempt = 0; used.has(fields.reference) && attempt < 5; attempt++) fields = family.make(random);
    while (used.has(fields.reference)) fields = specialVersion(family.make(random), random);
    used.add(fields.reference);
    yield { fields: { ...emptyData(), ...fields, username: 'catalogue-seed' }, hasDataSheet: random.chance(0.6) };
  }
}
