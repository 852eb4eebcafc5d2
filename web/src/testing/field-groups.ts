/** The groups of component fields as a person sees them, in order: the advanced search's sections. */
export const fieldGroupLabels = [
  'Basic Information',
  'Technical Details',
  'Physical Properties',
  'Electrical Properties',
  'Wire Specifications',
  'Tooling',
];

/** The Add form's tabs: the same groups, then the files. */
export const addFormTabLabels = [...fieldGroupLabels, 'Files & Documents'];
