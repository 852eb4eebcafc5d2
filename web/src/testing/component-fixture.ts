import { componentFields, withAbsentValues, type Component } from '#shared/schemas/component';

/** A component as the API answers, every field null but those given (its lifecycle unknown). */
export const aComponent = (fields: Partial<Component> & Pick<Component, 'id'>): Component =>
  withAbsentValues({
    ...(Object.fromEntries(componentFields.map((field) => [field, null])) as unknown as Omit<
      Component,
      'id' | 'version' | 'createdAt' | 'updatedAt'
    >),
    reference: `REF-${fields.id}`,
    class: 'Relay',
    version: 1,
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-01T10:00:00.000Z',
    ...fields,
  }) as Component;
