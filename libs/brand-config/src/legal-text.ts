/** The legal texts every brand shows, written once with the brand's own names and addresses. */
type LegalParties = { name: string; legalName: string; supportEmail: string };

export function termsText(p: LegalParties): string {
  return `# Agreement
These Terms of Use govern your use of ${p.name}, a customer relationship management service provided by ${p.legalName} ("${p.name}", "we"). By signing in you accept these terms on your own behalf and on behalf of the agency or company that gave you your account.

# Your account
Keep your password and second-factor device to yourself. You are responsible for everything done under your account; tell us at once at ${p.supportEmail} if you think someone else has used it. Your company administrator may create, change and close the accounts of its users.

# Your data and your clients' data
You keep ownership of the contact, policy and activity records you enter. You confirm that you collected them lawfully and may contact the people in them. You must honour do-not-call and opt-out requests and follow the TCPA, CAN-SPAM, state insurance regulations and the rules of the carriers you represent when you call, text or e-mail from ${p.name}.

# Acceptable use
Do not use the service to send unsolicited messages, to store information you are not allowed to hold, to probe or disrupt our systems, or to resell access. We may suspend an account that puts other customers or the service at risk.

# Fees
Paid features are billed in advance for each subscription period. Usage-based charges such as calling minutes and text messages are billed as used. Fees are non-refundable except where the law requires otherwise.

# Availability and liability
We work to keep the service available and your data safe, but provide it "as is". To the extent the law allows, our liability for any claim is limited to the fees you paid in the twelve months before it arose.

# Changes
We may update these terms. When we do, we will ask you to accept the new version the next time you sign in.`;
}

export function privacyText(p: Pick<LegalParties, 'supportEmail'>): string {
  return `# What we collect
We collect the account details you give us (name, e-mail, phone, company), the records you enter about your contacts and clients, call and message logs, and technical data such as IP address, browser and sign-in times.

# How we use it
We use this information to provide and secure the service, to bill for it, to support you and to meet our legal obligations. We do not sell personal information, and we do not use your clients' data to market to them.

# Who we share it with
We share data only with the providers that run the service for us (hosting, telephony, messaging, e-mail and payment processors), under contracts that protect it, with your company administrator as your account requires, and with authorities when the law obliges us to.

# Keeping it safe
Data is encrypted in transit, access is limited to staff who need it, and sign-ins can be protected with a second factor. We keep data while your account is active and delete or anonymise it within 90 days after it closes, unless the law requires us to keep it longer.

# Your choices
You may ask to see, correct, export or delete your personal information by writing to ${p.supportEmail}. Residents of some states have further rights, which we honour.`;
}
