export const bookingPageKeys = { all: ["booking-page"] } as const;
