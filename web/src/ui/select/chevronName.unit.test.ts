import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DialogsProvider } from '../dialogs/DialogsProvider';
import { CHEVRON_LABEL, ComboboxField } from './ComboboxField';
import { Select } from './Select';
import { SelectAjax } from './SelectAjax';
import { SelectLocal } from './SelectLocal';

// Issue 14 §1: axe's critical `button-name` was on every combobox chevron (an icon-only button).
// Every select of the kit, with and without a visible label, must render no button without a name.

function html(element: ReactElement): string {
  // Inside the app's providers, as on every screen (the lookup selects open the error dialog).
  return renderToStaticMarkup(createElement(QueryClientProvider, { client: new QueryClient() }, createElement(DialogsProvider, null, element)));
}

/** The opening tags of the buttons in `markup` that have neither an aria-label, an
 * aria-labelledby nor any text. */
function unnamedButtons(markup: string): string[] {
  return [...markup.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/g)]
    .filter(([, attrs, inner]) => !/aria-label(ledby)?="[^"]+"/.test(attrs) && inner.replace(/<svg[\s\S]*?<\/svg>/g, '').replace(/<[^>]+>/g, '').trim() === '')
    .map(([tag]) => tag.slice(0, 160));
}

const noop = () => {};
const items = [{ value: 1, label: 'CAT 320' }];

describe('the select kit names its buttons (axe button-name)', () => {
  it('the combobox chevron is called "Mostrar opciones"', () => {
    const markup = html(createElement(ComboboxField<number>, { selected: null, options: items, onSelect: noop, onQuery: noop, loading: false, notice: '' }));
    expect(markup).toMatch(new RegExp(`<button[^>]*aria-label="${CHEVRON_LABEL}"`));
    expect(unnamedButtons(markup)).toEqual([]);
  });

  for (const [name, element] of [
    ['ComboboxField, no label, a value (clear button too)', createElement(ComboboxField<number>, { selected: items[0], options: items, onSelect: noop, onQuery: noop, loading: false, notice: '' })],
    ['Select', createElement(Select<number>, { items, value: 1, onChange: noop, clearable: true })],
    ['Select searchable', createElement(Select<number>, { items, value: null, onChange: noop, searchable: true })],
    ['SelectAjax', createElement(SelectAjax<number>, { endpoint: '/fil_datas/equipos', value: null, onChange: noop })],
    ['SelectLocal with a label', createElement(SelectLocal<number>, { endpoint: '/fil_datas/obras', value: null, onChange: noop, label: 'Obra', required: true })],
  ] as const) {
    it(`${name}: no button without a name`, () => {
      const markup = html(element);
      expect(markup).toContain('<button');
      expect(unnamedButtons(markup)).toEqual([]);
    });
  }
});
