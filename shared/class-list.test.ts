import { describe, expect, it } from 'vitest';
import {
  areClassVariants,
  classChangeOf,
  classChangeProblem,
  describeClassChange,
  foldClassName,
  groupClassVariants,
  listWithChange,
  type ClassListState,
} from './class-list';
import { messages } from './messages';
import { classChangeSchema } from './schemas/classes';

describe('class variants', () => {
  it('folds case, accents and separators away', () => {
    expect(foldClassName('Power-Supply')).toBe('powersupply');
    expect(foldClassName(' power_supply ')).toBe('powersupply');
    expect(foldClassName('Sicherungsklemme / Fuse')).toBe('sicherungsklemmefuse');
    expect(foldClassName('Sécurité')).toBe('securite');
    expect(foldClassName('--')).toBe('');
  });

  it.each([
    ['Relay', 'relay'],
    ['Relay', 'Relays'],
    ['relays', 'RELAY'],
    ['Switch', 'Switches'],
    ['Fuse', 'Fuses'],
    ['Terminal Block', 'terminal-blocks'],
    ['PLC', 'PLCs'],
    ['Circuit Protection', 'circuit_protection'],
    ['Connecteur', 'Connécteurs'],
  ])('%s and %s are one class spelled two ways', (a, b) => {
    expect(areClassVariants(a, b)).toBe(true);
    expect(areClassVariants(b, a)).toBe(true);
  });

  it.each([
    ['Relay', 'Relay Module'],
    ['Switch', 'Sensor'],
    ['Connector', 'Contact'],
    ['S', ''],
    ['-', '_'],
  ])('%s and %s are different classes', (a, b) => {
    expect(areClassVariants(a, b)).toBe(false);
  });

  it('groups the spellings of each class, in the order given, and leaves single names out', () => {
    expect(
      groupClassVariants(['Connector', 'Relay', 'relay', 'Sensor', 'Relays', 'switch', 'Switches', 'Power Supply']),
    ).toEqual([
      ['Relay', 'relay', 'Relays'],
      ['switch', 'Switches'],
    ]);
    expect(groupClassVariants(['Relay', 'Sensor'])).toEqual([]);
  });

  it('joins names that share a form only through a third into one group', () => {
    // 'bus' and 'buses' share 'bus'; 'buse' shares 'buse' with 'buses'.
    expect(groupClassVariants(['Bus', 'Buse', 'Buses'])).toEqual([['Bus', 'Buse', 'Buses']]);
  });
});

describe('a change of the list', () => {
  const state = (listed: string[], used: Record<string, number> = {}): ClassListState => ({
    listed,
    used: new Map(Object.entries(used)),
  });

  it('adds a new class, refusing one on the list and a second spelling of a known one', () => {
    const now = state(['Relay', 'Sensor'], { Relay: 3, Fuse: 1 });
    expect(classChangeProblem({ action: 'add', name: 'Switch' }, now)).toBeNull();
    expect(classChangeProblem({ action: 'add', name: 'Relay' }, now)).toEqual({
      field: 'name',
      message: messages.classAlreadyListed('Relay'),
    });
    expect(classChangeProblem({ action: 'add', name: 'relays' }, now)).toEqual({
      field: 'name',
      message: messages.classIsVariant('relays', 'Relay'),
    });
    // A class parts hold that is not on the list may be put on it.
    expect(classChangeProblem({ action: 'add', name: 'Fuse' }, now)).toBeNull();
  });

  it('renames a known class to a new name or another spelling of itself', () => {
    const now = state(['Relay', 'Sensor'], { relay: 2 });
    expect(classChangeProblem({ action: 'rename', from: 'Sensor', to: 'Sensors' }, now)).toBeNull();
    expect(classChangeProblem({ action: 'rename', from: 'Sensor', to: 'Proximity Sensor' }, now)).toBeNull();
    expect(classChangeProblem({ action: 'rename', from: 'Fuse', to: 'Fuses' }, now)).toEqual({
      field: 'from',
      message: messages.classUnknown('Fuse'),
    });
    expect(classChangeProblem({ action: 'rename', from: 'relay', to: 'Relay' }, now)).toEqual({
      field: 'to',
      message: messages.classRenameTaken('Relay'),
    });
    expect(classChangeProblem({ action: 'rename', from: 'Sensor', to: 'Relays' }, now)).toEqual({
      field: 'to',
      message: messages.classIsVariant('Relays', 'Relay'),
    });
  });

  it('merges known classes into one of them or a new name, never into a class left out', () => {
    const now = state(['Relay', 'Sensor'], { Relay: 4, relay: 2, Relays: 1 });
    expect(classChangeProblem({ action: 'merge', classes: ['Relay', 'relay', 'Relays'], into: 'Relay' }, now)).toBe(
      null,
    );
    expect(classChangeProblem({ action: 'merge', classes: ['relay', 'Relays'], into: 'Relay' }, now)).toEqual({
      field: 'into',
      message: messages.classMergeIntoOther('Relay'),
    });
    expect(classChangeProblem({ action: 'merge', classes: ['relay', 'Relayz'], into: 'X' }, now)).toEqual({
      field: 'classes',
      message: messages.classUnknown('Relayz'),
    });
  });

  it('makes the new list: the target in, the old names out, sorted without regard to case', () => {
    expect(listWithChange(['Sensor', 'Relay'], { action: 'add', name: 'fuse' })).toEqual(['fuse', 'Relay', 'Sensor']);
    expect(listWithChange(['Sensor', 'relay'], { action: 'rename', from: 'relay', to: 'Relay' })).toEqual([
      'Relay',
      'Sensor',
    ]);
    expect(
      listWithChange(['Relay', 'relay', 'Sensor'], {
        action: 'merge',
        classes: ['relay', 'Relay', 'Relays'],
        into: 'Relay',
      }),
    ).toEqual(['Relay', 'Sensor']);
  });

  it('says what a change does, alone and inside a sentence', () => {
    const rename = { action: 'rename', from: 'relay', to: 'Relay' } as const;
    expect(describeClassChange(rename)).toBe("Rename the class 'relay' to 'Relay'");
    expect(describeClassChange(rename, 'in-sentence')).toBe("renaming the class 'relay' to 'Relay'");
    expect(describeClassChange({ action: 'merge', classes: ['a', 'b'], into: 'c' })).toBe(
      "Merge the classes 'a', 'b' into 'c'",
    );
  });

  it('reads a change back from a stored request, and nothing else', () => {
    expect(classChangeOf({ action: 'rename', from: 'a', to: 'b', parts: { a: 2 } })).toEqual({
      action: 'rename',
      from: 'a',
      to: 'b',
    });
    expect(classChangeOf({ reference: 'X' })).toBeNull();
    expect(classChangeOf({ action: 'merge', classes: ['a', 3], into: 'b' })).toBeNull();
  });
});

describe('the body of a class change', () => {
  const issues = (body: unknown) => {
    const parsed = classChangeSchema.safeParse(body);
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
  };

  it('takes each action with its names trimmed, a merge with each class once', () => {
    expect(classChangeSchema.parse({ action: 'add', name: '  Fuse ' })).toEqual({ action: 'add', name: 'Fuse' });
    expect(classChangeSchema.parse({ action: 'merge', classes: ['a', 'b', 'a'], into: 'b' })).toEqual({
      action: 'merge',
      classes: ['a', 'b'],
      into: 'b',
    });
  });

  it('refuses an empty name, a rename to the same name and a merge of one class', () => {
    expect(issues({ action: 'add', name: '  ' })).toEqual([messages.classNameRequired]);
    expect(issues({ action: 'add' })).toEqual([messages.classNameRequired]);
    expect(issues({ action: 'rename', from: 'Relay', to: ' Relay ' })).toEqual([messages.classRenameSame]);
    expect(issues({ action: 'merge', classes: ['Relay', 'Relay'], into: 'Relay' })).toEqual([
      messages.classMergeTooFew,
    ]);
    expect(issues({ action: 'merge', classes: [], into: 'Relay' })).toEqual([messages.classMergeTooFew]);
    expect(issues({ action: 'drop', name: 'Relay' })).toEqual(['action must be add, rename or merge']);
  });
});
