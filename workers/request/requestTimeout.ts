/** Every API request's bound (product spec §9: "API requests: timeout 10 s"), body included. */
export const REQUEST_TIMEOUT_MS = 10_000;
