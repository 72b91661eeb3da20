import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ComboboxChevron, Input, InputBase, type SelectProps } from '@mantine/core';

const loadSelect = () => import('./MantineSelect');
const MantineSelect = lazy(loadSelect);

/** The keys that open a closed Mantine Select (its combobox target's key handling). */
const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);

/**
 * A Mantine Select whose dropdown code (Combobox, Popover and floating-ui's positioning) is not part
 * of a screen's first download (decision 042). Until first use it renders Mantine's own input parts
 * as Select does — the same classes, chevron, clear button, role `combobox` with `aria-haspopup`
 * and `aria-expanded`, the chosen option's label — so it looks, measures and is announced the same.
 * The pointer or the keyboard reaching it fetches the code; a click or an opening key mounts the real
 * Select in its place, focused and open, as the same gesture opens it. A searchable Select opens on
 * focus, so there focus is the first use.
 */
export function SelectOnFirstUse(props: SelectProps) {
  const [used, setUsed] = useState<false | { open: boolean }>(false);
  // What is typed into a searchable select while its code is on the way: shown at once, and typed
  // again into the real Select when it takes over.
  const [typed, setTyped] = useState('');
  if (used) {
    return (
      <Suspense
        fallback={<SelectStandIn {...props} searchValue={typed || props.searchValue} onType={props.searchable ? (key) => setTyped((text) => typedAfter(text, key)) : undefined} />}
      >
        <FocusedSelect {...props} open={used.open} typed={typed} />
      </Suspense>
    );
  }
  return <SelectStandIn {...props} onUse={(open) => setUsed({ open })} />;
}

/** The search text after one key on the stand-in: printable characters add, Backspace removes. */
function typedAfter(text: string, key: string): string {
  if (key === 'Backspace') return text.slice(0, -1);
  return key.length === 1 ? text + key : text;
}

/** The real Select, mounted in the stand-in's place: it takes over the focus and opens if asked. */
function FocusedSelect({ open, typed, ...props }: SelectProps & { open: boolean; typed: string }) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const element = input.current;
    element?.focus();
    if (element && typed) {
      // As the keys would have: Select sets its search on mount (to the chosen label or ''), so the
      // text is typed after that, through the input's own change event (a controlled search hears it).
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(element, typed);
      element.dispatchEvent(new Event('input', { bubbles: true }));
    }
    element?.setSelectionRange(element.value.length, element.value.length);
    // Once, as it takes over from the stand-in.
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  return <MantineSelect {...props} ref={input} defaultDropdownOpened={open || props.defaultDropdownOpened} />;
}

type StandInProps = SelectProps & { onUse?: (open: boolean) => void; onType?: (key: string) => void };

function SelectStandIn({ onUse, onType, ...props }: StandInProps) {
  const {
    data,
    value,
    defaultValue,
    searchable,
    searchValue,
    onSearchChange,
    clearable,
    onChange,
    onClear,
    size,
    error,
    disabled,
    readOnly,
    chevronColor,
    clearButtonProps,
    rightSection,
    rightSectionPointerEvents,
    onFocus,
    onClick,
    onKeyDown,
    onPointerEnter,
    // Select-only props that have no meaning before the dropdown exists.
    filter: _filter,
    limit: _limit,
    nothingFoundMessage: _nothingFound,
    comboboxProps: _comboboxProps,
    maxDropdownHeight: _maxDropdownHeight,
    withScrollArea: _withScrollArea,
    allowDeselect: _allowDeselect,
    checkIconPosition: _checkIconPosition,
    withCheckIcon: _withCheckIcon,
    renderOption: _renderOption,
    scrollAreaProps: _scrollAreaProps,
    hiddenInputProps: _hiddenInputProps,
    onDropdownOpen: _onDropdownOpen,
    onDropdownClose: _onDropdownClose,
    defaultDropdownOpened: _defaultDropdownOpened,
    dropdownOpened: _dropdownOpened,
    selectFirstOptionOnChange: _selectFirstOptionOnChange,
    onOptionSubmit: _onOptionSubmit,
    defaultSearchValue: _defaultSearchValue,
    autoSelectOnBlur: _autoSelectOnBlur,
    openOnFocus: _openOnFocus,
    withAlignedLabels: _withAlignedLabels,
    clearSectionMode,
    autoComplete,
    ...others
  } = props;
  // As the Suspense fallback the stand-in is a new input: it keeps the focus the gesture gave the old one.
  const capturing = onType !== undefined;
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (capturing) ref.current?.focus();
  }, [capturing]);
  const selected = value === undefined ? defaultValue : value;
  const label = selected == null ? '' : (optionLabel(data, `${selected}`) ?? '');
  const shown = searchable && searchValue !== undefined ? searchValue : label;
  const inactive = disabled || readOnly;
  const use = (open: boolean) => {
    if (!inactive) onUse?.(open);
  };

  return (
    <InputBase
      {...others}
      ref={ref}
      size={size}
      error={error}
      disabled={disabled}
      __staticSelector="Select"
      __defaultRightSection={<ComboboxChevron size={size} error={error} color={chevronColor} />}
      __clearSection={
        // As Combobox's clear button: not a tab stop, hidden from screen readers (Delete clears).
        <Input.ClearButton
          tabIndex={-1}
          aria-hidden
          {...clearButtonProps}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            onChange?.(null, null);
            onSearchChange?.('');
            onClear?.();
          }}
        />
      }
      __clearable={!!clearable && selected != null && !inactive}
      __clearSectionMode={clearSectionMode}
      rightSection={rightSection}
      rightSectionPointerEvents={rightSectionPointerEvents || 'none'}
      readOnly
      pointer={!searchable}
      value={shown}
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      autoComplete={autoComplete ?? 'off'}
      onPointerEnter={(event) => {
        void loadSelect();
        onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        void loadSelect();
        if (searchable) use(true);
        onFocus?.(event);
      }}
      onClick={(event) => {
        use(true);
        onClick?.(event);
      }}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        onKeyDown?.(event);
        if (onType && !event.ctrlKey && !event.metaKey && !event.altKey) {
          onType(event.key);
          return;
        }
        if (OPENING_KEYS.has(event.key)) {
          event.preventDefault();
          use(true);
        }
      }}
    />
  );
}

/** The label of the option with `value` in any of Select's data shapes (strings, items, groups). */
export function optionLabel(data: readonly unknown[] | undefined, value: string): string | undefined {
  for (const entry of data ?? []) {
    if (typeof entry === 'string') {
      if (entry === value) return entry;
    } else if (entry && typeof entry === 'object' && 'items' in entry && Array.isArray(entry.items)) {
      const found = optionLabel(entry.items, value);
      if (found !== undefined) return found;
    } else if (entry && typeof entry === 'object' && 'value' in entry && `${entry.value as string}` === value) {
      return 'label' in entry && typeof entry.label === 'string' ? entry.label : value;
    }
  }
  return undefined;
}
