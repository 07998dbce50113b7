import { useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { esAuth } from '../../../strings/es-auth';
import { useAuth } from '../use-auth';
import { ForgotPasswordForm } from './forgot-password-form';
import { SaxPanel } from './sax-panel';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { TotpForm } from './totp-form';

const t = esAuth;

const subTabClasses =
  'rounded-none border-b-2 border-transparent data-[state=active]:border-sky-600 data-[state=active]:shadow-none';

/**
 * The dialog's tabs: SAX, or a Holgura account (sign in — or recover the password — sign up,
 * then the TOTP step).
 */
export default function DialogBody({ onDone }: { onDone: () => void }) {
  const { prepareSax } = useAuth();
  const [method, setMethod] = useState('sax');
  const [accountTab, setAccountTab] = useState('sign-in');
  const [twoFactor, setTwoFactor] = useState(false);
  const [signedUpEmail, setSignedUpEmail] = useState<string | null>(null);
  /** The email to recover the password of, while «¿Olvidaste tu contraseña?» is open. */
  const [forgotEmail, setForgotEmail] = useState<string | null>(null);

  return (
    <Tabs
      value={method}
      onValueChange={(value) => {
        setMethod(value);
        if (value === 'sax') prepareSax();
      }}
    >
      <TabsList aria-label={t.tabsLabel}>
        <TabsTrigger value="sax">{t.tabSax}</TabsTrigger>
        <TabsTrigger value="holgura">{t.tabHolgura}</TabsTrigger>
      </TabsList>
      <TabsContent value="sax">
        <SaxPanel onSignedIn={onDone} />
      </TabsContent>
      <TabsContent value="holgura">
        {twoFactor ? (
          <TotpForm onVerified={onDone} onBack={() => setTwoFactor(false)} />
        ) : (
          <Tabs value={accountTab} onValueChange={setAccountTab}>
            <TabsList aria-label={t.accountTabsLabel} className="bg-white p-0">
              <TabsTrigger value="sign-in" className={subTabClasses}>
                {t.tabSignIn}
              </TabsTrigger>
              <TabsTrigger value="sign-up" className={subTabClasses}>
                {t.tabSignUp}
              </TabsTrigger>
            </TabsList>
            <TabsContent value="sign-in">
              {forgotEmail === null ? (
                <SignInForm
                  key={signedUpEmail ?? ''}
                  defaultEmail={signedUpEmail ?? ''}
                  onSignedIn={onDone}
                  onTwoFactor={() => setTwoFactor(true)}
                  onForgotPassword={setForgotEmail}
                />
              ) : (
                <ForgotPasswordForm
                  defaultEmail={forgotEmail}
                  onBack={() => setForgotEmail(null)}
                />
              )}
            </TabsContent>
            <TabsContent value="sign-up">
              <SignUpForm
                onSignedUp={(email) => {
                  setSignedUpEmail(email);
                  setAccountTab('sign-in');
                }}
              />
            </TabsContent>
          </Tabs>
        )}
      </TabsContent>
    </Tabs>
  );
}
