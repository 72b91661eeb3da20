import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';

interface ErrorScreenProps {
  icon: ReactNode;
  /** Short code shown above the title (404, error-3…). */
  code?: string;
  title: string;
  text: string;
  color?: string;
  actions?: ReactNode;
}

/** One look for every error and not-found page, inside a layout or on its own. */
export function ErrorScreen({ icon, code, title, text, color = 'orange', actions }: ErrorScreenProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={520} mx="auto" my="xl" data-testid="error-screen">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color={color}>
          {icon}
        </ThemeIcon>
        {code && (
          <Text size="sm" fw={600} c="dimmed" tt="uppercase" lts={1}>
            {code}
          </Text>
        )}
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed" maw={420}>
          {text}
        </Text>
        {actions && (
          <Group justify="center" gap="sm" mt="xs">
            {actions}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
