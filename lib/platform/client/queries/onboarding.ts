/** The getting-started checklist: the steps done and the services ready. */
export const onboardingKeys = { all: ["onboarding"] } as const;
