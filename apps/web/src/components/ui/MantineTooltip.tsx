// Mantine's Tooltip as a module of its own: TooltipOnFirstUse loads it on first use (decision 042).
export { Tooltip as default } from '@mantine/core';
