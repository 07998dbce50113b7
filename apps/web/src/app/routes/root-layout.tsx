import { ScrollRestoration } from 'react-router';
import { Layout } from '../../components/layout/layout';
import { UserMenu } from '../../features/auth/components/user-menu';

export function RootLayout() {
  return (
    <>
      <Layout userMenu={<UserMenu />} />
      <ScrollRestoration />
    </>
  );
}
