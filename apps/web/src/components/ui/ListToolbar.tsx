import { useEffect, useState, type ReactNode } from 'react';
import { CloseButton, Group, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Typing pauses this long before the search runs (one request per pause, not per key). */
export const SEARCH_DEBOUNCE_MS = 350;

export interface ListToolbarProps {
  search: string;
  onSearch: (search: string) => void;
  searchLabel?: string;
  /** Filter inputs. */
  children?: ReactNode;
  /** Buttons on the right (export, "New …"). */
  actions?: ReactNode;
}

export function ListToolbar({ search, onSearch, searchLabel, children, actions }: ListToolbarProps) {
  const { t } = useTranslation('layout');
  const [value, setValue] = useState(search);
  const debounced = useDebouncedCallback(onSearch, SEARCH_DEBOUNCE_MS);

  // Back/forward changes the URL's search: show it.
  useEffect(() => setValue(search), [search]);

  const label = searchLabel ?? t('list.search');
  return (
    <Group justify="space-between" align="flex-end" gap="sm" mb="md" wrap="wrap">
      {/* Full width on phones so the search box and filters are not squeezed beside the actions. */}
      <Group gap="sm" align="flex-end" wrap="wrap" style={{ flex: '1 1 320px', minWidth: 0 }}>
        <TextInput
          type="search"
          aria-label={label}
          placeholder={t('list.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            debounced(event.currentTarget.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onSearch(value);
          }}
          rightSection={
            value ? (
              <CloseButton
                size="sm"
                aria-label={t('list.clearSearch')}
                onClick={() => {
                  setValue('');
                  onSearch('');
                }}
              />
            ) : null
          }
          w={{ base: '100%', sm: 280 }}
        />
        {children}
      </Group>
      {actions && (
        <Group gap="sm" wrap="nowrap">
          {actions}
        </Group>
      )}
    </Group>
  );
}
