import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '#web/testing/render.tsx';
import type { SearchCriteria } from '../utils/search-params';
import type { QuickSearchPrefill } from './quick-search-form';
import { SearchPanel } from './search-panel';
import { fieldGroupLabels } from '#web/testing/field-groups.ts';

const noPrefill: QuickSearchPrefill = { query: '', at: 0 };

const renderPanel = (criteria: SearchCriteria = {}, prefill = noPrefill) => {
  const onSearch = vi.fn<(criteria: SearchCriteria) => void>();
  renderScreen(<SearchPanel criteria={criteria} prefill={prefill} onSearch={onSearch} />);
  return onSearch;
};

const quick = () => screen.getByRole('search', { name: 'Quick Search' });
const advanced = () => screen.getByRole('search', { name: 'Advanced Search' });

describe('quick search', () => {
  it('emits { query } for All Fields on Enter, then clears the text', async () => {
    const onSearch = renderPanel();
    const box = within(quick()).getByRole('searchbox', { name: 'Search term' });
    await userEvent.type(box, '  3RT2015 {Enter}');
    expect(onSearch).toHaveBeenCalledExactlyOnceWith({ query: '3RT2015' });
    expect(box).toHaveValue('');
  });

  it('offers the searchable fields and emits a single { field: text } with the Search button', async () => {
    const onSearch = renderPanel();
    const select = within(quick()).getByRole('combobox', { name: 'Field' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All Fields', 'Reference', 'Manufacturer', 'Class', 'Type', 'Description']);
    await userEvent.selectOptions(select, 'Manufacturer');
    await userEvent.type(within(quick()).getByRole('searchbox', { name: 'Search term' }), 'Phoenix Contact');
    await userEvent.click(within(quick()).getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenLastCalledWith({ manufacturer: 'Phoenix Contact' });

    await userEvent.selectOptions(select, 'Description');
    await userEvent.type(within(quick()).getByRole('searchbox', { name: 'Search term' }), 'relay{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith({ description: 'relay' });
  });

  it('Reset clears the text, goes back to All Fields and searches with an empty query', async () => {
    const onSearch = renderPanel();
    const select = within(quick()).getByRole('combobox', { name: 'Field' });
    await userEvent.selectOptions(select, 'Class');
    await userEvent.type(within(quick()).getByRole('searchbox', { name: 'Search term' }), 'Relay');
    await userEvent.click(within(quick()).getByRole('button', { name: 'Reset' }));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith({ query: '' });
    expect(select).toHaveValue('query');
    expect(within(quick()).getByRole('searchbox', { name: 'Search term' })).toHaveValue('');
  });

  it('a handed-over query fills the box with All Fields selected, on the Quick Search tab', () => {
    renderPanel({ query: 'PKZM0' }, { query: 'PKZM0', at: 1 });
    expect(screen.getByRole('tab', { name: 'Quick Search', selected: true })).toBeInTheDocument();
    expect(within(quick()).getByRole('searchbox', { name: 'Search term' })).toHaveValue('PKZM0');
    expect(within(quick()).getByRole('combobox', { name: 'Field' })).toHaveValue('query');
  });
});

describe('advanced search', () => {
  it('has the field groups, collapsible, with Basic Information open', async () => {
    renderPanel();
    await userEvent.click(screen.getByRole('tab', { name: 'Advanced Search' }));
    const groups = within(advanced())
      .getAllByRole('button')
      .filter((button) => button.hasAttribute('aria-expanded'));
    expect(groups.map((group) => group.textContent)).toEqual(fieldGroupLabels);
    expect(groups.map((group) => group.getAttribute('aria-expanded'))).toEqual([
      'true',
      'false',
      'false',
      'false',
      'false',
      'false',
    ]);
    await userEvent.click(groups[5]!);
    expect(groups[5]).toHaveAttribute('aria-expanded', 'true');
    for (const label of ['Crimp Tool', 'Turret / Positioner / Die Head', 'Insertion / Extraction Tool']) {
      expect(within(advanced()).getByLabelText(label)).toBeVisible();
    }
  });

  it('Apply Filters emits the filled filters only, trimmed', async () => {
    const onSearch = renderPanel();
    await userEvent.click(screen.getByRole('tab', { name: 'Advanced Search' }));
    const form = within(advanced());
    await userEvent.type(form.getByLabelText('Manufacturer'), ' Siemens ');
    await userEvent.type(form.getByLabelText('Class'), '   ');
    await userEvent.click(form.getByRole('button', { name: 'Physical Properties' }));
    await userEvent.type(form.getByLabelText('Width (mm) from'), '45');
    await userEvent.click(form.getByRole('button', { name: 'Wire Specifications' }));
    await userEvent.type(form.getByLabelText('Max Wire Gauge'), '12 AWG');
    await userEvent.click(form.getByRole('button', { name: 'Apply Filters' }));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith({
      manufacturer: 'Siemens',
      widthMin: '45',
      maxWireGauge: '12 AWG',
    });

    await userEvent.type(form.getByLabelText('Type'), 'Contactor{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith({
      manufacturer: 'Siemens',
      type: 'Contactor',
      widthMin: '45',
      maxWireGauge: '12 AWG',
    });
  });

  it('shows every numeric filter as a from–to pair, frequency included', async () => {
    renderPanel();
    await userEvent.click(screen.getByRole('tab', { name: 'Advanced Search' }));
    const form = within(advanced());
    for (const group of ['Technical Details', 'Physical Properties', 'Electrical Properties', 'Wire Specifications'])
      await userEvent.click(form.getByRole('button', { name: group }));
    for (const label of [
      'Number of Terminals',
      'Width (mm)',
      'Height (mm)',
      'Depth (mm)',
      'Weight (kg)',
      'Voltage (V)',
      'Voltage 2 (V)',
      'Frequency (Hz)',
      'Number of Circuits',
      'Max Wire Number',
    ]) {
      const pair = form.getByRole('group', { name: label });
      expect(within(pair).getByLabelText(`${label} from`)).toBeVisible();
      expect(within(pair).getByLabelText(`${label} to`)).toBeVisible();
    }
  });

  it('takes a range, and keeps filters from applying while a number is not one, saying so on the input', async () => {
    const onSearch = renderPanel();
    await userEvent.click(screen.getByRole('tab', { name: 'Advanced Search' }));
    const form = within(advanced());
    await userEvent.click(form.getByRole('button', { name: 'Electrical Properties' }));
    await userEvent.type(form.getByLabelText('Voltage (V) from'), '24 V');
    await userEvent.type(form.getByLabelText('Voltage (V) to'), '>100');
    await userEvent.click(form.getByRole('button', { name: 'Apply Filters' }));
    expect(onSearch).not.toHaveBeenCalled();
    const to = form.getByLabelText('Voltage (V) to');
    expect(to).toHaveAccessibleErrorMessage('Voltage (V) to must be a number');
    expect(to).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(to).toHaveFocus());
    expect(form.getByRole('button', { name: /Electrical Properties/ })).toHaveTextContent('1 to correct');

    await userEvent.clear(to);
    expect(to).not.toHaveAttribute('aria-invalid');
    await userEvent.type(to, '12');
    await userEvent.click(form.getByRole('button', { name: 'Apply Filters' }));
    expect(onSearch).not.toHaveBeenCalled();
    expect(form.getByLabelText('Voltage (V) from')).toHaveAccessibleErrorMessage(
      'Voltage (V): the "from" value must not be above the "to" value',
    );

    await userEvent.clear(to);
    await userEvent.type(to, '230,5');
    await userEvent.click(form.getByRole('button', { name: 'Apply Filters' }));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith({ voltageMin: '24 V', voltageMax: '230,5' });
  });

  it('takes the wire a part must take, in mm² or AWG, and the current in any unit of current', async () => {
    const onSearch = renderPanel();
    await userEvent.click(screen.getByRole('tab', { name: 'Advanced Search' }));
    const form = within(advanced());
    await userEvent.click(form.getByRole('button', { name: 'Wire Specifications' }));
    const section = form.getByLabelText('Takes Wire Section (mm²)');
    await userEvent.type(section, 'thick');
    await userEvent.click(form.getByRole('button', { name: 'Apply Filters' }));
    expect(onSearch).not.toHaveBeenCalled();
    expect(section).toHaveAccessibleErrorMessage('Takes Wire Section (mm²) must be a number');
    await userEvent.clear(section);
    await userEvent.type(section, '2,5 qmm');
    await userEvent.type(form.getByLabelText('Takes Wire Gauge (AWG)'), '14');
    await userEvent.click(form.getByRole('button', { name: 'Electrical Properties' }));
    await userEvent.type(form.getByLabelText('Current (A) from'), '500 mA');
    await userEvent.click(form.getByRole('button', { name: 'Apply Filters' }));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith({ wireSection: '2,5 qmm', wireGauge: '14', currentMin: '500 mA' });
  });

  it('Reset All Filters empties every input and searches with no filters', async () => {
    const onSearch = renderPanel({ manufacturer: 'ABB', voltage: '24' });
    expect(screen.getByRole('tab', { name: 'Advanced Search', selected: true })).toBeInTheDocument();
    const form = within(advanced());
    expect(form.getByLabelText('Manufacturer')).toHaveValue('ABB');
    // A group holding a filter in use opens by itself; an exact value is a range from it to it.
    expect(form.getByLabelText('Voltage (V) from')).toHaveValue('24');
    expect(form.getByLabelText('Voltage (V) to')).toHaveValue('24');
    expect(form.getByRole('button', { name: /Electrical Properties/ })).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(form.getByRole('button', { name: 'Reset All Filters' }));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith({});
    expect(form.getByLabelText('Manufacturer')).toHaveValue('');
    expect(form.getByLabelText('Voltage (V) from')).toHaveValue('');
  });
});
