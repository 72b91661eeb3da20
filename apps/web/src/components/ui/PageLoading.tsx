import { Center, Loader } from '@mantine/core';

/** Shown in place of a screen while its code or its texts still load (decision 028). */
export function PageLoading() {
  return (
    <Center py="xl" mih={160}>
      <Loader color="orange" type="dots" />
    </Center>
  );
}
