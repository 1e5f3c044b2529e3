// Contracts (the operator's getContractMetadata, listContractDeployments, getDeploymentTransaction): a contract as the
// CLI reads an answer, and the part of its deployment transaction it shows.
import * as v from 'valibot';
import { PageTokenSchema, plainObject, shownDigits, shownNumber, shownString } from './common.js';

/** ContractDeploymentDetails: which transaction made the contract, and who sent it. */
const ShownDeploymentDetailsSchema = v.fallback(
  v.optional(v.looseObject({ txHash: shownString, deployerAddress: shownString, deployerContractAddress: shownString })),
  undefined,
);

/**
 * Erc20Contract, Erc721Contract, Erc1155Contract or UnknownContract (told apart by `ercType`): an object whose shown
 * fields are taken when they have their type.
 */
export const ShownContractSchema = v.pipe(
  plainObject('must be a JSON object'),
  v.looseObject({
    address: shownString,
    ercType: shownString,
    name: shownString,
    symbol: shownString,
    decimals: shownNumber,
    description: shownString,
    officialSite: shownString,
    tags: v.fallback(v.optional(v.array(v.unknown())), undefined),
    deploymentDetails: ShownDeploymentDetailsSchema,
  }),
);
export type ShownContract = v.InferOutput<typeof ShownContractSchema>;

/** A page of listContractDeployments (ListContractsResponse): the list array, and the page token. */
export const ContractPageSchema = v.looseObject({
  contracts: v.array(ShownContractSchema),
  nextPageToken: PageTokenSchema,
});
export type ContractPage = v.InferOutput<typeof ContractPageSchema>;

const ShownRichAddressSchema = v.fallback(v.optional(v.looseObject({ address: shownString })), undefined);

/**
 * GetTransactionResponse as `contract get` shows a deployment: its native transaction (hash, block, time, sender,
 * status) is relied on to be an object; the transfers and internal transactions are not read.
 */
export const DeploymentAnswerSchema = v.pipe(
  plainObject('must be a JSON object'),
  v.looseObject({
    nativeTransaction: v.pipe(
      plainObject('must be a JSON object'),
      v.looseObject({
        txHash: shownString,
        blockNumber: shownDigits,
        blockTimestamp: shownDigits,
        txStatus: shownString,
        from: ShownRichAddressSchema,
      }),
    ),
  }),
);
export type DeploymentAnswer = v.InferOutput<typeof DeploymentAnswerSchema>;
