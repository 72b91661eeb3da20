import type { Ref } from 'react';
import { Select, type SelectProps } from '@mantine/core';

/** Mantine's Select in a module of its own: SelectOnFirstUse loads it on first use (decision 042). */
export default function MantineSelect(props: SelectProps & { ref?: Ref<HTMLInputElement> }) {
  return <Select {...props} />;
}
