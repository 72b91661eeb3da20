import { useState } from 'react';
import type { OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';

/** How long a picker waits after the last keystroke before it asks the server. */
export const PICKER_DEBOUNCE_MS = 300;
/** How many matches a picker shows; the rest are reached by typing. */
export const PICKER_PAGE_SIZE = 50;

export interface PickerOption {
  value: string;
  label: string;
}

/**
 * The search state of a server-searched picker (Mantine Select with `searchable`). Mantine writes
 * the chosen option's label into the search box: that text is not a search, so it asks for the
 * first page again.
 */
export function usePickerSearch(selectedLabel: string | undefined) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), PICKER_DEBOUNCE_MS);
  const term = debounced === (selectedLabel ?? '').trim() ? '' : debounced;
  return { search, setSearch, term };
}

/** The options with the chosen one kept (it may not be among the matches of the current page). */
export function withSelected(options: PickerOption[], selected: PickerOption | undefined): PickerOption[] {
  if (!selected || options.some((option) => option.value === selected.value)) return options;
  return [selected, ...options];
}

/** Select props for a picker the server filters: the typed text is sent, not matched again here. */
export const serverFiltered: OptionsFilter = ({ options }) => options;
