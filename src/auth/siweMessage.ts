import { getAddress } from 'ethers';

/**
 * The EIP-4361 ("Sign-In with Ethereum") message, formatted exactly as `siwe`'s
 * SiweMessage.prepareMessage() does — a unit test holds the two equal, and the siwe-verify
 * function parses and verifies it with `siwe` itself. Written out here because the `siwe` package
 * drags a CommonJS copy of ethers and an ABNF parser into the page (~200 KB gzip, plus ~140 KB for
 * ethers again); the page only needs the text and an EIP-55 checksum (`getAddress`, ~4 KB).
 * This module is imported dynamically, when the Ethereum button is pressed.
 */
export interface SiweFields {
  domain: string;
  address: string;
  statement: string;
  uri: string;
  chainId: number;
  nonce: string;
  issuedAt: string;
  expirationTime: string;
}

/** EIP-55 mixed-case checksum; throws on something that is not an address. */
export function checksumAddress(address: string): string {
  return getAddress(address);
}

export function formatSiweMessage(f: SiweFields): string {
  return [
    `${f.domain} wants you to sign in with your Ethereum account:`,
    f.address,
    '',
    f.statement,
    '',
    `URI: ${f.uri}`,
    'Version: 1',
    `Chain ID: ${f.chainId}`,
    `Nonce: ${f.nonce}`,
    `Issued At: ${f.issuedAt}`,
    `Expiration Time: ${f.expirationTime}`,
  ].join('\n');
}
