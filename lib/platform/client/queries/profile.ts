/** The signed-in user's profile. */
export const profileKeys = { all: ["profile"] } as const;
