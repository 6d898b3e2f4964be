import { LoginPage, type LoginPageProps } from './LoginPage';

export type LoginAppPageProps = LoginPageProps;

/** /login-app: the login of the mobile app's entry; it behaves exactly like /login. */
export function LoginAppPage(props: LoginAppPageProps) {
  return <LoginPage {...props} />;
}
