// Which toast a billing machine asks for: the trial's activation (machines/billing/trial.machine.ts).
// src/copy/billingToasts.ts words each key.
export type BillingToastKey = 'trialActivated';
