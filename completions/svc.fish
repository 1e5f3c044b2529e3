# fish completion for svc, generated from the command tree by `svc completion fish`; do not edit.
#
# Install: mkdir -p ~/.config/fish/completions && svc completion fish > ~/.config/fish/completions/svc.fish

# Prints the subcommands of the command at path $argv.
function __svc_subcommands
    switch "$argv"
        case 'svc'
            printf '%s\n' tx chain block address token balance contract nft webhook event-signature config emulator api completion help
        case 'svc tx'
            printf '%s\n' list get help
        case 'svc chain'
            printf '%s\n' list get help
        case 'svc block'
            printf '%s\n' list get help
        case 'svc address'
            printf '%s\n' chains help
        case 'svc token'
            printf '%s\n' transfers help
        case 'svc contract'
            printf '%s\n' get deployments help
        case 'svc nft'
            printf '%s\n' list get reindex help
        case 'svc webhook'
            printf '%s\n' create list get update addresses deactivate activate apply listen verify secret help
        case 'svc webhook addresses'
            printf '%s\n' list add remove help
        case 'svc webhook secret'
            printf '%s\n' show rotate help
        case 'svc config'
            printf '%s\n' set get unset list path help
        case 'svc emulator'
            printf '%s\n' start status stop logs open trigger deliveries redeliver reset help
        case 'svc emulator deliveries'
            printf '%s\n' list show recover help
    end
end

# Prints the subcommand the group at path $argv runs when no command word is typed.
function __svc_default_command
    switch "$argv"
        case 'svc webhook addresses'
            printf '%s\n' list
        case 'svc emulator deliveries'
            printf '%s\n' list
    end
end

# Prints the options that take a value of the command at path $argv.
function __svc_value_options
    switch "$argv"
        case 'svc'
            printf '%s\n' --base-url --profile --timeout --retries
        case 'svc tx'
            printf '%s\n' --base-url --profile --timeout --retries
        case 'svc tx list'
            printf '%s\n' --network --chain-id --status --address --kind --start-block --end-block --sort-order --block --page-size --page-token --limit --interval --jq --base-url --profile --timeout --retries
        case 'svc tx get'
            printf '%s\n' --chain-id --jq --base-url --profile --timeout --retries
        case 'svc chain'
            printf '%s\n' --base-url --profile --timeout --retries
        case 'svc chain list'
            printf '%s\n' --network --feature --jq --base-url --profile --timeout --retries
        case 'svc chain get'
            printf '%s\n' --jq --base-url --profile --timeout --retries
        case 'svc block'
            printf '%s\n' --base-url --profile --timeout --retries
        case 'svc block list'
            printf '%s\n' --chain-id --network --page-size --page-token --limit --jq --base-url --profile --timeout --retries
        case 'svc block get'
            printf '%s\n' --chain-id --jq --base-url --profile --timeout --retries
        case 'svc address'
            printf '%s\n' --base-url --profile --timeout --retries
        case 'svc address chains'
            printf '%s\n' --jq --base-url --profile --timeout --retries
        case 'svc token'
            printf '%s\n' --base-url --profile --timeout --retries
        case 'svc token transfers'
            printf '%s\n' --chain-id --start-block --end-block --page-size --page-token --limit --jq --base-url --profile --timeout --retries
        case 'svc balance'
            printf '%s\n' --chain-id --contract --page-size --page-token --limit --jq --base-url --profile --timeout --retries
        case 'svc contract'
            printf '%s\n' --base-url --profile --timeout --retries
        case 'svc contract get'
            printf '%s\n' --chain-id --jq --base-url --profile --timeout --retries
        case 'svc contract deployments'
            printf '%s\n' --chain-id --page-size --page-token --limit --jq --base-url --profile --timeout --retries
        case 'svc nft'
            printf '%s\n' --base-url --profile --timeout --retries
        case 'svc nft list'
            printf '%s\n' --chain-id --page-size --page-token --limit --jq --base-url --profile --timeout --retries
        case 'svc nft get'
            printf '%s\n' --chain-id --jq --base-url --profile --timeout --retries
        case 'svc nft reindex'
            printf '%s\n' --chain-id --jq --base-url --profile --timeout --retries
        case 'svc webhook'
            printf '%s\n' --base-url --profile --timeout --retries
        case 'svc webhook create'
            printf '%s\n' --url --chain-id --address --addresses-file --event-signature --event --name --description --jq --base-url --profile --timeout --retries
        case 'svc webhook list'
            printf '%s\n' --status --page-size --page-token --limit --jq --base-url --profile --timeout --retries
        case 'svc webhook get'
            printf '%s\n' --jq --base-url --profile --timeout --retries
        case 'svc webhook update'
            printf '%s\n' --url --name --description --status --jq --base-url --profile --timeout --retries
        case 'svc webhook addresses'
            printf '%s\n' --page-size --page-token --limit --jq --base-url --profile --timeout --retries
        case 'svc webhook addresses list'
            printf '%s\n' --page-size --page-token --limit --jq --base-url --profile --timeout --retries
        case 'svc webhook addresses add'
            printf '%s\n' --address --addresses-file --batch-size --jq --base-url --profile --timeout --retries
        case 'svc webhook addresses remove'
            printf '%s\n' --address --addresses-file --batch-size --jq --base-url --profile --timeout --retries
        case 'svc webhook deactivate'
            printf '%s\n' --jq --base-url --profile --timeout --retries
        case 'svc webhook activate'
            printf '%s\n' --jq --base-url --profile --timeout --retries
        case 'svc webhook apply'
            printf '%s\n' -f --file --jq --base-url --profile --timeout --retries
        case 'svc webhook listen'
            printf '%s\n' --port --host --path --forward-to --secret-file --jq --base-url --profile --timeout --retries
        case 'svc webhook verify'
            printf '%s\n' --signature --secret-file --base-url --profile --timeout --retries
        case 'svc webhook secret'
            printf '%s\n' --base-url --profile --timeout --retries
        case 'svc webhook secret show'
            printf '%s\n' --jq --base-url --profile --timeout --retries
        case 'svc webhook secret rotate'
            printf '%s\n' --jq --base-url --profile --timeout --retries
        case 'svc event-signature'
            printf '%s\n' --jq --base-url --profile --timeout --retries
        case 'svc config'
            printf '%s\n' --base-url --profile --timeout --retries
        case 'svc config set'
            printf '%s\n' --base-url --profile --timeout --retries
        case 'svc config get'
            printf '%s\n' --base-url --profile --timeout --retries
        case 'svc config unset'
            printf '%s\n' --base-url --profile --timeout --retries
        case 'svc config list'
            printf '%s\n' --jq --base-url --profile --timeout --retries
        case 'svc config path'
            printf '%s\n' --base-url --profile --timeout --retries
        case 'svc emulator'
            printf '%s\n' --base-url --profile --timeout --retries
        case 'svc emulator start'
            printf '%s\n' --port --host --seed --block-time --api-key --read-only-key --rate-limit --fault-rate --latency --max-addresses --keep-messages --webhook-secret --retry-schedule --data-dir --inspector-path --base-url --profile --timeout --retries
        case 'svc emulator status'
            printf '%s\n' --jq --base-url --profile --timeout --retries
        case 'svc emulator stop'
            printf '%s\n' --port --base-url --profile --timeout --retries
        case 'svc emulator logs'
            printf '%s\n' --port --base-url --profile --timeout --retries
        case 'svc emulator open'
            printf '%s\n' --base-url --profile --timeout --retries
        case 'svc emulator trigger'
            printf '%s\n' --chain-id --from --to --value --status --erc20 --erc721 --erc1155 --token --internal --log --jq --base-url --profile --timeout --retries
        case 'svc emulator deliveries'
            printf '%s\n' --webhook --state --since --until --search --page-size --page-token --limit --jq --base-url --profile --timeout --retries
        case 'svc emulator deliveries list'
            printf '%s\n' --webhook --state --since --until --search --page-size --page-token --limit --jq --base-url --profile --timeout --retries
        case 'svc emulator deliveries show'
            printf '%s\n' --jq --base-url --profile --timeout --retries
        case 'svc emulator deliveries recover'
            printf '%s\n' --since --jq --base-url --profile --timeout --retries
        case 'svc emulator redeliver'
            printf '%s\n' --to --jq --base-url --profile --timeout --retries
        case 'svc emulator reset'
            printf '%s\n' --base-url --profile --timeout --retries
        case 'svc api'
            printf '%s\n' -X --method -f --raw-field -F --field --input -H --header --jq --base-url --profile --timeout --retries
        case 'svc completion'
            printf '%s\n' --base-url --profile --timeout --retries
    end
end

function __svc_values_api_path
    printf '%s\t%s\n' '/v1/address/{address}/chains' 'GET: List all chains associated with a given address'
    printf '%s\t%s\n' '/v1/apiLogs' 'GET: Get logs for requests made by client'
    printf '%s\t%s\n' '/v1/apiUsageMetrics' 'GET: Get usage metrics for the Data API'
    printf '%s\t%s\n' '/v1/avax/supply' 'GET: Get AVAX supply information'
    printf '%s\t%s\n' '/v1/blocks' 'GET: List latest blocks across all supported EVM chains'
    printf '%s\t%s\n' '/v1/chains' 'GET: List chains'
    printf '%s\t%s\n' '/v1/chains/{chainId}' 'GET: Get chain information'
    printf '%s\t%s\n' '/v1/chains/{chainId}/addresses/{address}' 'GET: Get contract metadata'
    printf '%s\t%s\n' '/v1/chains/{chainId}/addresses/{address}/balances:getNative' 'GET: Get native token balance'
    printf '%s\t%s\n' '/v1/chains/{chainId}/addresses/{address}/balances:listCollectibles' 'GET: List collectible (ERC-721/ERC-1155) balances'
    printf '%s\t%s\n' '/v1/chains/{chainId}/addresses/{address}/balances:listErc1155' 'GET: List ERC-1155 balances'
    printf '%s\t%s\n' '/v1/chains/{chainId}/addresses/{address}/balances:listErc20' 'GET: List ERC-20 balances'
    printf '%s\t%s\n' '/v1/chains/{chainId}/addresses/{address}/balances:listErc721' 'GET: List ERC-721 balances'
    printf '%s\t%s\n' '/v1/chains/{chainId}/addresses/{address}/transactions' 'GET: List transactions'
    printf '%s\t%s\n' '/v1/chains/{chainId}/addresses/{address}/transactions:listErc1155' 'GET: List ERC-1155 transfers'
    printf '%s\t%s\n' '/v1/chains/{chainId}/addresses/{address}/transactions:listErc20' 'GET: List ERC-20 transfers'
    printf '%s\t%s\n' '/v1/chains/{chainId}/addresses/{address}/transactions:listErc721' 'GET: List ERC-721 transfers'
    printf '%s\t%s\n' '/v1/chains/{chainId}/addresses/{address}/transactions:listInternals' 'GET: List internal transactions'
    printf '%s\t%s\n' '/v1/chains/{chainId}/addresses/{address}/transactions:listNative' 'GET: List native transactions'
    printf '%s\t%s\n' '/v1/chains/{chainId}/blocks' 'GET: List latest blocks'
    printf '%s\t%s\n' '/v1/chains/{chainId}/blocks/{blockId}' 'GET: Get block'
    printf '%s\t%s\n' '/v1/chains/{chainId}/blocks/{blockId}/transactions' 'GET: List transactions for a block'
    printf '%s\t%s\n' '/v1/chains/{chainId}/contracts/{address}/deployments' 'GET: List deployed contracts'
    printf '%s\t%s\n' '/v1/chains/{chainId}/contracts/{address}/transactions:getDeployment' 'GET: Get deployment transaction'
    printf '%s\t%s\n' '/v1/chains/{chainId}/nfts/collections/{address}/tokens' 'GET: List tokens'
    printf '%s\t%s\n' '/v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId}' 'GET: Get token details'
    printf '%s\t%s\n' '/v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId}:reindex' 'POST: Reindex NFT metadata'
    printf '%s\t%s\n' '/v1/chains/{chainId}/tokens/{address}/transfers' 'GET: List ERC transfers'
    printf '%s\t%s\n' '/v1/chains/{chainId}/transactions' 'GET: List latest transactions'
    printf '%s\t%s\n' '/v1/chains/{chainId}/transactions/{txHash}' 'GET: Get transaction'
    printf '%s\t%s\n' '/v1/health-check' 'GET: Get the health of the service'
    printf '%s\t%s\n' '/v1/icm/addresses/{address}/messages' 'GET: List ICM messages by address'
    printf '%s\t%s\n' '/v1/icm/messages' 'GET: List ICM messages'
    printf '%s\t%s\n' '/v1/icm/messages/{messageId}' 'GET: Get an ICM message'
    printf '%s\t%s\n' '/v1/live-check' 'GET: Get the liveliness of the service (reads only)'
    printf '%s\t%s\n' '/v1/networks/{network}' 'GET: Get network details'
    printf '%s\t%s\n' '/v1/networks/{network}/addresses:listChainIds' 'GET: Get chain interactions for addresses'
    printf '%s\t%s\n' '/v1/networks/{network}/blockchains' 'GET: List blockchains'
    printf '%s\t%s\n' '/v1/networks/{network}/blockchains/{blockchainId}' 'GET: Get blockchain details by ID'
    printf '%s\t%s\n' '/v1/networks/{network}/blockchains/{blockchainId}/assets/{assetId}' 'GET: Get asset details'
    printf '%s\t%s\n' '/v1/networks/{network}/blockchains/{blockchainId}/assets/{assetId}/transactions' 'GET: List asset transactions'
    printf '%s\t%s\n' '/v1/networks/{network}/blockchains/{blockchainId}/balances' 'GET: Get balances'
    printf '%s\t%s\n' '/v1/networks/{network}/blockchains/{blockchainId}/blocks' 'GET: List latest blocks'
    printf '%s\t%s\n' '/v1/networks/{network}/blockchains/{blockchainId}/blocks/{blockId}' 'GET: Get block'
    printf '%s\t%s\n' '/v1/networks/{network}/blockchains/{blockchainId}/lastActivityTimestampByAddresses' 'GET: Get last activity timestamp by addresses; POST: Get last activity timestamp by addresses v2'
    printf '%s\t%s\n' '/v1/networks/{network}/blockchains/{blockchainId}/nodes/{nodeId}/blocks' 'GET: List blocks proposed by node'
    printf '%s\t%s\n' '/v1/networks/{network}/blockchains/{blockchainId}/transactions' 'GET: List latest transactions'
    printf '%s\t%s\n' '/v1/networks/{network}/blockchains/{blockchainId}/transactions/{txHash}' 'GET: Get transaction'
    printf '%s\t%s\n' '/v1/networks/{network}/blockchains/{blockchainId}/transactions:listStaking' 'GET: List staking transactions'
    printf '%s\t%s\n' '/v1/networks/{network}/blockchains/{blockchainId}/utxos' 'GET: List UTXOs; POST: List UTXOs v2 - Supports querying for more addresses'
    printf '%s\t%s\n' '/v1/networks/{network}/blockchains/{blockchainId}/vertices' 'GET: List vertices'
    printf '%s\t%s\n' '/v1/networks/{network}/blockchains/{blockchainId}/vertices/{vertexHash}' 'GET: Get vertex'
    printf '%s\t%s\n' '/v1/networks/{network}/blockchains/{blockchainId}/vertices:listByHeight' 'GET: List vertices by height'
    printf '%s\t%s\n' '/v1/networks/{network}/delegators' 'GET: List delegators'
    printf '%s\t%s\n' '/v1/networks/{network}/l1Validators' 'GET: List L1 validators'
    printf '%s\t%s\n' '/v1/networks/{network}/rewards' 'GET: List historical rewards'
    printf '%s\t%s\n' '/v1/networks/{network}/rewards:listPending' 'GET: List pending rewards'
    printf '%s\t%s\n' '/v1/networks/{network}/subnets' 'GET: List subnets'
    printf '%s\t%s\n' '/v1/networks/{network}/subnets/{subnetId}' 'GET: Get Subnet details by ID'
    printf '%s\t%s\n' '/v1/networks/{network}/validators' 'GET: List validators'
    printf '%s\t%s\n' '/v1/networks/{network}/validators/{nodeId}' 'GET: Get single validator details'
    printf '%s\t%s\n' '/v1/operations/transactions:export' 'POST: Create transaction export operation'
    printf '%s\t%s\n' '/v1/operations/{operationId}' 'GET: Get operation'
    printf '%s\t%s\n' '/v1/primaryNetworkRpcUsageMetrics' 'GET: Get usage metrics for the Primary Network RPC'
    printf '%s\t%s\n' '/v1/signatureAggregator/{network}/aggregateSignatures' 'POST: Aggregate Signatures'
    printf '%s\t%s\n' '/v1/signatureAggregator/{network}/aggregateSignatures/{txHash}' 'GET: Get Aggregated Signatures'
    printf '%s\t%s\n' '/v1/subnetRpcUsageMetrics' 'GET: Get usage metrics for the Subnet RPC'
    printf '%s\t%s\n' '/v1/transactions' 'GET: List the latest transactions across all supported EVM chains'
    printf '%s\t%s\n' '/v1/webhooks' 'GET: List webhooks; POST: Create a webhook'
    printf '%s\t%s\n' '/v1/webhooks/{id}' 'GET: Get a webhook by ID; PATCH: Update a webhook; DELETE: Deactivate a webhook'
    printf '%s\t%s\n' '/v1/webhooks/{id}/addresses' 'GET: List adresses by EVM activity webhooks; PATCH: Add addresses to EVM activity webhook; DELETE: Remove addresses from EVM activity webhook'
    printf '%s\t%s\n' '/v1/webhooks:generateOrRotateSharedSecret' 'POST: Generate or rotate a shared secret'
    printf '%s\t%s\n' '/v1/webhooks:getSharedSecret' 'GET: Get a shared secret'
    printf '%s\t%s\n' '/v2/chains/{chainId}/addresses/{address}/transactions' 'GET: List transactions v2'
end

# Prints the command being completed ("svc tx list"; "help:svc tx" after "help"), then how many arguments it has.
function __svc_state
    set -l tokens (commandline -opc)
    set -l path svc
    set -l helping 0
    set -l argc 0
    set -l skip 0
    for token in $tokens[2..-1]
        if test $skip = 1
            set skip 0
            continue
        end
        switch $token
            case '--*=*'
                continue
            case '-*'
                if contains -- $token (__svc_value_options $path)
                    set skip 1
                end
                continue
        end
        set -l subcommands (__svc_subcommands $path)
        set -l default (__svc_default_command $path)
        if test $helping = 0 -a "$token" = help; and contains -- help $subcommands
            set helping 1
        else if contains -- $token $subcommands
            set -a path $token
        else if test -n "$default"
            # Not a command of a group that has a default one ("addresses <id>"): that command's first argument.
            set -a path $default
            set argc 1
        else
            set argc (math $argc + 1)
        end
    end
    if test $helping = 1
        echo "help:$path"
    else
        echo "$path"
    end
    echo $argc
end

# True when the command being completed is $argv[1] and, if given, it has $argv[2] arguments so far.
function __svc_is
    set -l state (__svc_state)
    test "$state[1]" = "$argv[1]"; or return 1
    test (count $argv) -lt 2; or test "$state[2]" = "$argv[2]"
end

# No file names unless an option asks for one.
complete -c svc -f

# Global options, accepted before or after any command.
complete -c svc -l base-url -x -d 'service base address (env SVC_BASE_URL; default http://127.0.0.1:4010, the emulator)'
complete -c svc -l profile -x -d 'profile of the config store (env SVC_PROFILE; default "default")'
complete -c svc -l json -d 'print the service\'s JSON exactly as returned (one document per page)'
complete -c svc -l timeout -x -d 'per-request time limit (connect + headers + body)'
complete -c svc -l retries -x -d 'retries for retryable failures, 0-10 (0 disables)'
complete -c svc -s v -l verbose -d 'one stderr line per HTTP exchange (the key is never shown)'
complete -c svc -s q -l quiet -d 'no spinner, progress or hints on stderr'
complete -c svc -l no-color -d 'no colour (also NO_COLOR; FORCE_COLOR forces it)'

# svc
complete -c svc -n '__svc_is "svc"' -a tx -d 'Transactions across EVM chains'
complete -c svc -n '__svc_is "svc"' -a chain -d 'The EVM chains the service supports, and the names every --chain-id takes'
complete -c svc -n '__svc_is "svc"' -a block -d 'A chain\'s blocks: the latest, or one by number or hash'
complete -c svc -n '__svc_is "svc"' -a address -d 'What the service knows of an address across chains'
complete -c svc -n '__svc_is "svc"' -a token -d 'A token contract\'s transfers'
complete -c svc -n '__svc_is "svc"' -a balance -d 'What an address holds on a chain: its native balance, or its ERC-20, ERC-721 and ERC-1155 tokens'
complete -c svc -n '__svc_is "svc"' -a contract -d 'Contracts on a chain: one by its address, with its deployment, and those an address deployed'
complete -c svc -n '__svc_is "svc"' -a nft -d 'NFT collections on a chain: their tokens, one token with its metadata, and asking for it to be read again'
complete -c svc -n '__svc_is "svc"' -a webhook -d 'Address-activity webhooks: manage them and their addresses, apply a file, receive and verify notifications'
complete -c svc -n '__svc_is "svc"' -a event-signature -d 'Print the keccak-256 event signature (topic0) of event declarations; works offline'
complete -c svc -n '__svc_is "svc"' -a config -d 'Settings: the API key and base URL, per profile'
complete -c svc -n '__svc_is "svc"' -a emulator -d 'The bundled local emulator of the service'
complete -c svc -n '__svc_is "svc"' -a api -d 'Any operation of the service with your key and settings, and the list of them all'
complete -c svc -n '__svc_is "svc"' -a completion -d 'Print the shell completion script for bash, zsh or fish'
complete -c svc -n '__svc_is "svc"' -a help -d 'show help for a command, or the whole command reference'
complete -c svc -n '__svc_is "help:svc"' -a tx -d 'Transactions across EVM chains'
complete -c svc -n '__svc_is "help:svc"' -a chain -d 'The EVM chains the service supports, and the names every --chain-id takes'
complete -c svc -n '__svc_is "help:svc"' -a block -d 'A chain\'s blocks: the latest, or one by number or hash'
complete -c svc -n '__svc_is "help:svc"' -a address -d 'What the service knows of an address across chains'
complete -c svc -n '__svc_is "help:svc"' -a token -d 'A token contract\'s transfers'
complete -c svc -n '__svc_is "help:svc"' -a balance -d 'What an address holds on a chain: its native balance, or its ERC-20, ERC-721 and ERC-1155 tokens'
complete -c svc -n '__svc_is "help:svc"' -a contract -d 'Contracts on a chain: one by its address, with its deployment, and those an address deployed'
complete -c svc -n '__svc_is "help:svc"' -a nft -d 'NFT collections on a chain: their tokens, one token with its metadata, and asking for it to be read again'
complete -c svc -n '__svc_is "help:svc"' -a webhook -d 'Address-activity webhooks: manage them and their addresses, apply a file, receive and verify notifications'
complete -c svc -n '__svc_is "help:svc"' -a event-signature -d 'Print the keccak-256 event signature (topic0) of event declarations; works offline'
complete -c svc -n '__svc_is "help:svc"' -a config -d 'Settings: the API key and base URL, per profile'
complete -c svc -n '__svc_is "help:svc"' -a emulator -d 'The bundled local emulator of the service'
complete -c svc -n '__svc_is "help:svc"' -a api -d 'Any operation of the service with your key and settings, and the list of them all'
complete -c svc -n '__svc_is "help:svc"' -a completion -d 'Print the shell completion script for bash, zsh or fish'
complete -c svc -n '__svc_is "svc"' -s V -l version -d 'print the version'
complete -c svc -n '__svc_is "svc"' -s h -l help -d 'show help'

# svc tx
complete -c svc -n '__svc_is "svc tx"' -a list -d 'List transactions, newest first: the latest of every chain, of a network\'s chains or of one chain; an address\'s history; a block\'s'
complete -c svc -n '__svc_is "svc tx"' -a get -d 'Show one transaction: who sent what to whom, its fee and status, then the token transfers and internal transactions in it'
complete -c svc -n '__svc_is "svc tx"' -a help -d 'show help for a command'
complete -c svc -n '__svc_is "help:svc tx"' -a list -d 'List transactions, newest first: the latest of every chain, of a network\'s chains or of one chain; an address\'s history; a block\'s'
complete -c svc -n '__svc_is "help:svc tx"' -a get -d 'Show one transaction: who sent what to whom, its fee and status, then the token transfers and internal transactions in it'
complete -c svc -n '__svc_is "svc tx"' -s h -l help -d 'show help'

# svc tx list
complete -c svc -n '__svc_is "svc tx list"' -l network -x -a 'mainnet fuji testnet' -d 'every chain of this network: mainnet, fuji, testnet (fuji and testnet are the same: the whole test network, not the Fuji chain alone; for one chain use --chain-id; default: every chain)'
complete -c svc -n '__svc_is "svc tx list"' -l chain-id -x -a 'c-chain fuji dexalot dexalot-testnet dfk dfk-testnet 43114 43113 432204 432201 53935 335' -d 'only this chain: an id (43113) or a name (fuji); default: every chain, but --address and --block take SVC_CHAIN_ID, else the profile\'s (svc config set chain-id)'
complete -c svc -n '__svc_is "svc tx list"' -l status -x -a 'failed success' -d 'only failed or success transactions (default: both)'
complete -c svc -n '__svc_is "svc tx list"' -l address -x -d 'the address\'s history on the chain: every transaction it took part in (0x and 40 hex digits)'
complete -c svc -n '__svc_is "svc tx list"' -l kind -x -a 'native erc20 erc721 erc1155 internal' -d 'with --address, one kind of its movements: native, erc20, erc721, erc1155, internal (default: every transaction, with what moved in it)'
complete -c svc -n '__svc_is "svc tx list"' -l start-block -x -d 'with --address, from this block on (inclusive)'
complete -c svc -n '__svc_is "svc tx list"' -l end-block -x -d 'with --address, up to this block (exclusive)'
complete -c svc -n '__svc_is "svc tx list"' -l sort-order -x -a 'asc desc' -d 'with --address: asc (oldest first) or desc (newest first; the default)'
complete -c svc -n '__svc_is "svc tx list"' -l filter-spam-tokens -d 'with --address, leave out transfers of tokens the service takes for spam (its history\'s v2)'
complete -c svc -n '__svc_is "svc tx list"' -l block -x -d 'the transactions of this block on the chain: its number or its hash'
complete -c svc -n '__svc_is "svc tx list"' -l page-size -x -d 'transactions per request, 1-100 (default 10 for one page; with --limit/--all the largest needed)'
complete -c svc -n '__svc_is "svc tx list"' -l page-token -x -d 'continue from the nextPageToken of a previous page'
complete -c svc -n '__svc_is "svc tx list"' -l limit -x -d 'follow pages until n transactions are printed'
complete -c svc -n '__svc_is "svc tx list"' -l all -d 'follow pages until the service has no more'
complete -c svc -n '__svc_is "svc tx list"' -l follow -d 'print the latest page oldest first, then each new transaction once as it appears, until Ctrl-C'
complete -c svc -n '__svc_is "svc tx list"' -l interval -x -d 'with --follow, seconds between polls, at least 0.5 (default: 2)'
complete -c svc -n '__svc_is "svc tx list"' -l jq -x -d 'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw'
complete -c svc -n '__svc_is "svc tx list"' -s h -l help -d 'show help'

# svc tx get
complete -c svc -n '__svc_is "svc tx get"' -l chain-id -x -a 'c-chain fuji dexalot dexalot-testnet dfk dfk-testnet 43114 43113 432204 432201 53935 335' -d 'the chain: an id (43113) or a name (fuji); default: SVC_CHAIN_ID, else the profile\'s (svc config set chain-id)'
complete -c svc -n '__svc_is "svc tx get"' -l jq -x -d 'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw'
complete -c svc -n '__svc_is "svc tx get"' -s h -l help -d 'show help'

# svc chain
complete -c svc -n '__svc_is "svc chain"' -a list -d 'List the EVM chains the service supports: id, the name --chain-id takes, network, native token'
complete -c svc -n '__svc_is "svc chain"' -a get -d 'Show one chain: its name, network, status, native token, RPC URL and features'
complete -c svc -n '__svc_is "svc chain"' -a help -d 'show help for a command'
complete -c svc -n '__svc_is "help:svc chain"' -a list -d 'List the EVM chains the service supports: id, the name --chain-id takes, network, native token'
complete -c svc -n '__svc_is "help:svc chain"' -a get -d 'Show one chain: its name, network, status, native token, RPC URL and features'
complete -c svc -n '__svc_is "svc chain"' -s h -l help -d 'show help'

# svc chain list
complete -c svc -n '__svc_is "svc chain list"' -l network -x -a 'mainnet fuji testnet' -d 'only this network: mainnet, fuji, testnet (fuji and testnet are the same; default: all)'
complete -c svc -n '__svc_is "svc chain list"' -l feature -x -a 'nftIndexing webhooks teleporter' -d 'only chains with this feature: nftIndexing, webhooks, teleporter'
complete -c svc -n '__svc_is "svc chain list"' -l jq -x -d 'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw'
complete -c svc -n '__svc_is "svc chain list"' -s h -l help -d 'show help'

# svc chain get
complete -c svc -n '__svc_is "svc chain get" 0' -a 'c-chain fuji dexalot dexalot-testnet dfk dfk-testnet 43114 43113 432204 432201 53935 335' -d 'a chain id (43113), a blockchain id, or the name svc knows it by (fuji)'
complete -c svc -n '__svc_is "svc chain get"' -l jq -x -d 'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw'
complete -c svc -n '__svc_is "svc chain get"' -s h -l help -d 'show help'

# svc block
complete -c svc -n '__svc_is "svc block"' -a list -d 'List the latest blocks, newest first: of every chain, of a network\'s chains, or of one chain'
complete -c svc -n '__svc_is "svc block"' -a get -d 'Show one block: its hash, time, transaction count, gas and fees'
complete -c svc -n '__svc_is "svc block"' -a help -d 'show help for a command'
complete -c svc -n '__svc_is "help:svc block"' -a list -d 'List the latest blocks, newest first: of every chain, of a network\'s chains, or of one chain'
complete -c svc -n '__svc_is "help:svc block"' -a get -d 'Show one block: its hash, time, transaction count, gas and fees'
complete -c svc -n '__svc_is "svc block"' -s h -l help -d 'show help'

# svc block list
complete -c svc -n '__svc_is "svc block list"' -l chain-id -x -a 'c-chain fuji dexalot dexalot-testnet dfk dfk-testnet 43114 43113 432204 432201 53935 335' -d 'only this chain: an id (43113) or a name (fuji); default: every chain'
complete -c svc -n '__svc_is "svc block list"' -l network -x -a 'mainnet fuji testnet' -d 'every chain of this network: mainnet, fuji, testnet (fuji and testnet are the same: the whole test network; default: every chain)'
complete -c svc -n '__svc_is "svc block list"' -l page-size -x -d 'blocks per request, 1-100 (default 10 for one page; with --limit/--all the largest needed)'
complete -c svc -n '__svc_is "svc block list"' -l page-token -x -d 'continue from the nextPageToken of a previous page'
complete -c svc -n '__svc_is "svc block list"' -l limit -x -d 'follow pages until n blocks are printed'
complete -c svc -n '__svc_is "svc block list"' -l all -d 'follow pages until the service has no more'
complete -c svc -n '__svc_is "svc block list"' -l jq -x -d 'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw'
complete -c svc -n '__svc_is "svc block list"' -s h -l help -d 'show help'

# svc block get
complete -c svc -n '__svc_is "svc block get"' -l chain-id -x -a 'c-chain fuji dexalot dexalot-testnet dfk dfk-testnet 43114 43113 432204 432201 53935 335' -d 'the chain: an id (43113) or a name (fuji); default: SVC_CHAIN_ID, else the profile\'s (svc config set chain-id)'
complete -c svc -n '__svc_is "svc block get"' -l jq -x -d 'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw'
complete -c svc -n '__svc_is "svc block get"' -s h -l help -d 'show help'

# svc address
complete -c svc -n '__svc_is "svc address"' -a chains -d 'List the chains where an address sent or received a transaction or a token transfer'
complete -c svc -n '__svc_is "svc address"' -a help -d 'show help for a command'
complete -c svc -n '__svc_is "help:svc address"' -a chains -d 'List the chains where an address sent or received a transaction or a token transfer'
complete -c svc -n '__svc_is "svc address"' -s h -l help -d 'show help'

# svc address chains
complete -c svc -n '__svc_is "svc address chains"' -l jq -x -d 'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw'
complete -c svc -n '__svc_is "svc address chains"' -s h -l help -d 'show help'

# svc token
complete -c svc -n '__svc_is "svc token"' -a transfers -d 'List a token contract\'s transfers (ERC-20, ERC-721 or ERC-1155), newest first'
complete -c svc -n '__svc_is "svc token"' -a help -d 'show help for a command'
complete -c svc -n '__svc_is "help:svc token"' -a transfers -d 'List a token contract\'s transfers (ERC-20, ERC-721 or ERC-1155), newest first'
complete -c svc -n '__svc_is "svc token"' -s h -l help -d 'show help'

# svc token transfers
complete -c svc -n '__svc_is "svc token transfers"' -l chain-id -x -a 'c-chain fuji dexalot dexalot-testnet dfk dfk-testnet 43114 43113 432204 432201 53935 335' -d 'the chain: an id (43113) or a name (fuji); default: SVC_CHAIN_ID, else the profile\'s (svc config set chain-id)'
complete -c svc -n '__svc_is "svc token transfers"' -l start-block -x -d 'from this block on (inclusive)'
complete -c svc -n '__svc_is "svc token transfers"' -l end-block -x -d 'up to this block (exclusive)'
complete -c svc -n '__svc_is "svc token transfers"' -l page-size -x -d 'transfers per request, 1-100 (default 10 for one page; with --limit/--all the largest needed)'
complete -c svc -n '__svc_is "svc token transfers"' -l page-token -x -d 'continue from the nextPageToken of a previous page'
complete -c svc -n '__svc_is "svc token transfers"' -l limit -x -d 'follow pages until n transfers are printed'
complete -c svc -n '__svc_is "svc token transfers"' -l all -d 'follow pages until the service has no more'
complete -c svc -n '__svc_is "svc token transfers"' -l jq -x -d 'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw'
complete -c svc -n '__svc_is "svc token transfers"' -s h -l help -d 'show help'

# svc balance
complete -c svc -n '__svc_is "svc balance"' -l chain-id -x -a 'c-chain fuji dexalot dexalot-testnet dfk dfk-testnet 43114 43113 432204 432201 53935 335' -d 'the chain: an id (43113) or a name (fuji); default: SVC_CHAIN_ID, else the profile\'s (svc config set chain-id)'
complete -c svc -n '__svc_is "svc balance"' -l erc20 -d 'its ERC-20 tokens, amounts in each token\'s units'
complete -c svc -n '__svc_is "svc balance"' -l erc721 -d 'its ERC-721 tokens (NFTs)'
complete -c svc -n '__svc_is "svc balance"' -l erc1155 -d 'its ERC-1155 tokens'
complete -c svc -n '__svc_is "svc balance"' -l collectibles -d 'its ERC-721 and ERC-1155 tokens together'
complete -c svc -n '__svc_is "svc balance"' -l contract -x -d 'only these token contracts; repeatable or comma-separated with --erc20, one with --erc721, --erc1155 or --collectibles'
complete -c svc -n '__svc_is "svc balance"' -l page-size -x -d 'balances per request, 1-100 (default 10 for one page; with --limit/--all the largest needed)'
complete -c svc -n '__svc_is "svc balance"' -l page-token -x -d 'continue from the nextPageToken of a previous page'
complete -c svc -n '__svc_is "svc balance"' -l limit -x -d 'follow pages until n balances are printed'
complete -c svc -n '__svc_is "svc balance"' -l all -d 'follow pages until the service has no more'
complete -c svc -n '__svc_is "svc balance"' -l jq -x -d 'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw'
complete -c svc -n '__svc_is "svc balance"' -s h -l help -d 'show help'

# svc contract
complete -c svc -n '__svc_is "svc contract"' -a get -d 'Show one contract: its type (ERC-20, ERC-721, ERC-1155), name, symbol, decimals, and its deployment'
complete -c svc -n '__svc_is "svc contract"' -a deployments -d 'List the contracts an address deployed on a chain'
complete -c svc -n '__svc_is "svc contract"' -a help -d 'show help for a command'
complete -c svc -n '__svc_is "help:svc contract"' -a get -d 'Show one contract: its type (ERC-20, ERC-721, ERC-1155), name, symbol, decimals, and its deployment'
complete -c svc -n '__svc_is "help:svc contract"' -a deployments -d 'List the contracts an address deployed on a chain'
complete -c svc -n '__svc_is "svc contract"' -s h -l help -d 'show help'

# svc contract get
complete -c svc -n '__svc_is "svc contract get"' -l chain-id -x -a 'c-chain fuji dexalot dexalot-testnet dfk dfk-testnet 43114 43113 432204 432201 53935 335' -d 'the chain: an id (43113) or a name (fuji); default: SVC_CHAIN_ID, else the profile\'s (svc config set chain-id)'
complete -c svc -n '__svc_is "svc contract get"' -l jq -x -d 'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw'
complete -c svc -n '__svc_is "svc contract get"' -s h -l help -d 'show help'

# svc contract deployments
complete -c svc -n '__svc_is "svc contract deployments"' -l chain-id -x -a 'c-chain fuji dexalot dexalot-testnet dfk dfk-testnet 43114 43113 432204 432201 53935 335' -d 'the chain: an id (43113) or a name (fuji); default: SVC_CHAIN_ID, else the profile\'s (svc config set chain-id)'
complete -c svc -n '__svc_is "svc contract deployments"' -l page-size -x -d 'contracts per request, 1-100 (default 10 for one page; with --limit/--all the largest needed)'
complete -c svc -n '__svc_is "svc contract deployments"' -l page-token -x -d 'continue from the nextPageToken of a previous page'
complete -c svc -n '__svc_is "svc contract deployments"' -l limit -x -d 'follow pages until n contracts are printed'
complete -c svc -n '__svc_is "svc contract deployments"' -l all -d 'follow pages until the service has no more'
complete -c svc -n '__svc_is "svc contract deployments"' -l jq -x -d 'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw'
complete -c svc -n '__svc_is "svc contract deployments"' -s h -l help -d 'show help'

# svc nft
complete -c svc -n '__svc_is "svc nft"' -a list -d 'List the tokens of an NFT collection (ERC-721 or ERC-1155): id, name, owner, metadata status'
complete -c svc -n '__svc_is "svc nft"' -a get -d 'Show one NFT: its collection, owner, token URI and the metadata read from it'
complete -c svc -n '__svc_is "svc nft"' -a reindex -d 'Ask the service to read an NFT\'s metadata again from its token URI (once an hour per token)'
complete -c svc -n '__svc_is "svc nft"' -a help -d 'show help for a command'
complete -c svc -n '__svc_is "help:svc nft"' -a list -d 'List the tokens of an NFT collection (ERC-721 or ERC-1155): id, name, owner, metadata status'
complete -c svc -n '__svc_is "help:svc nft"' -a get -d 'Show one NFT: its collection, owner, token URI and the metadata read from it'
complete -c svc -n '__svc_is "help:svc nft"' -a reindex -d 'Ask the service to read an NFT\'s metadata again from its token URI (once an hour per token)'
complete -c svc -n '__svc_is "svc nft"' -s h -l help -d 'show help'

# svc nft list
complete -c svc -n '__svc_is "svc nft list"' -l chain-id -x -a 'c-chain fuji dexalot dexalot-testnet dfk dfk-testnet 43114 43113 432204 432201 53935 335' -d 'the chain: an id (43113) or a name (fuji); default: SVC_CHAIN_ID, else the profile\'s (svc config set chain-id)'
complete -c svc -n '__svc_is "svc nft list"' -l page-size -x -d 'tokens per request, 1-100 (default 10 for one page; with --limit/--all the largest needed)'
complete -c svc -n '__svc_is "svc nft list"' -l page-token -x -d 'continue from the nextPageToken of a previous page'
complete -c svc -n '__svc_is "svc nft list"' -l limit -x -d 'follow pages until n tokens are printed'
complete -c svc -n '__svc_is "svc nft list"' -l all -d 'follow pages until the service has no more'
complete -c svc -n '__svc_is "svc nft list"' -l jq -x -d 'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw'
complete -c svc -n '__svc_is "svc nft list"' -s h -l help -d 'show help'

# svc nft get
complete -c svc -n '__svc_is "svc nft get"' -l chain-id -x -a 'c-chain fuji dexalot dexalot-testnet dfk dfk-testnet 43114 43113 432204 432201 53935 335' -d 'the chain: an id (43113) or a name (fuji); default: SVC_CHAIN_ID, else the profile\'s (svc config set chain-id)'
complete -c svc -n '__svc_is "svc nft get"' -l jq -x -d 'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw'
complete -c svc -n '__svc_is "svc nft get"' -s h -l help -d 'show help'

# svc nft reindex
complete -c svc -n '__svc_is "svc nft reindex"' -l chain-id -x -a 'c-chain fuji dexalot dexalot-testnet dfk dfk-testnet 43114 43113 432204 432201 53935 335' -d 'the chain: an id (43113) or a name (fuji); default: SVC_CHAIN_ID, else the profile\'s (svc config set chain-id)'
complete -c svc -n '__svc_is "svc nft reindex"' -l jq -x -d 'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw'
complete -c svc -n '__svc_is "svc nft reindex"' -s h -l help -d 'show help'

# svc webhook
complete -c svc -n '__svc_is "svc webhook"' -a create -d 'Create an address-activity webhook that notifies a URL of activity on watched addresses'
complete -c svc -n '__svc_is "svc webhook"' -a list -d 'List the key\'s webhooks, newest first'
complete -c svc -n '__svc_is "svc webhook"' -a get -d 'Show one webhook: its url, status, chain, addresses and settings'
complete -c svc -n '__svc_is "svc webhook"' -a update -d 'Change a webhook: only the fields given are sent, the others stay as they are'
complete -c svc -n '__svc_is "svc webhook"' -a addresses -d 'The addresses a webhook watches'
complete -c svc -n '__svc_is "svc webhook"' -a deactivate -d 'Deactivate a webhook: its notifications stop at once'
complete -c svc -n '__svc_is "svc webhook"' -a activate -d 'Activate a webhook again (after deactivate, or after the service switched it off): notifications resume'
complete -c svc -n '__svc_is "svc webhook"' -a apply -d 'Make the key\'s webhooks match a file: create, update, add and remove addresses; a second run changes nothing'
complete -c svc -n '__svc_is "svc webhook"' -a listen -d 'Receive notifications locally and show each one (duplicates flagged by messageId)'
complete -c svc -n '__svc_is "svc webhook"' -a verify -d 'Check a notification body (on stdin) against its x-signature: prints "valid", or says why not and exits 1'
complete -c svc -n '__svc_is "svc webhook"' -a secret -d 'The shared secret notifications are signed with'
complete -c svc -n '__svc_is "svc webhook"' -a help -d 'show help for a command'
complete -c svc -n '__svc_is "help:svc webhook"' -a create -d 'Create an address-activity webhook that notifies a URL of activity on watched addresses'
complete -c svc -n '__svc_is "help:svc webhook"' -a list -d 'List the key\'s webhooks, newest first'
complete -c svc -n '__svc_is "help:svc webhook"' -a get -d 'Show one webhook: its url, status, chain, addresses and settings'
complete -c svc -n '__svc_is "help:svc webhook"' -a update -d 'Change a webhook: only the fields given are sent, the others stay as they are'
complete -c svc -n '__svc_is "help:svc webhook"' -a addresses -d 'The addresses a webhook watches'
complete -c svc -n '__svc_is "help:svc webhook"' -a deactivate -d 'Deactivate a webhook: its notifications stop at once'
complete -c svc -n '__svc_is "help:svc webhook"' -a activate -d 'Activate a webhook again (after deactivate, or after the service switched it off): notifications resume'
complete -c svc -n '__svc_is "help:svc webhook"' -a apply -d 'Make the key\'s webhooks match a file: create, update, add and remove addresses; a second run changes nothing'
complete -c svc -n '__svc_is "help:svc webhook"' -a listen -d 'Receive notifications locally and show each one (duplicates flagged by messageId)'
complete -c svc -n '__svc_is "help:svc webhook"' -a verify -d 'Check a notification body (on stdin) against its x-signature: prints "valid", or says why not and exits 1'
complete -c svc -n '__svc_is "help:svc webhook"' -a secret -d 'The shared secret notifications are signed with'
complete -c svc -n '__svc_is "svc webhook"' -s h -l help -d 'show help'

# svc webhook create
complete -c svc -n '__svc_is "svc webhook create"' -l url -x -d 'where notifications are sent (required; absolute http or https URL)'
complete -c svc -n '__svc_is "svc webhook create"' -l chain-id -x -a 'c-chain fuji dexalot dexalot-testnet dfk dfk-testnet 43114 43113 432204 432201 53935 335' -d 'the chain to watch (required): its id, or its name (43114 or c-chain, 43113 or fuji)'
complete -c svc -n '__svc_is "svc webhook create"' -l address -x -d 'an address to watch, 0x + 40 hex; repeatable or comma-separated'
complete -c svc -n '__svc_is "svc webhook create"' -l addresses-file -r -F -d 'addresses one per line ("-" for stdin); blank lines and # comments ignored'
complete -c svc -n '__svc_is "svc webhook create"' -l event-signature -x -d 'only activity with a log of this topic0, 0x + 64 hex; repeatable'
complete -c svc -n '__svc_is "svc webhook create"' -l event -x -d 'like --event-signature, from a declaration such as "Transfer(address,address,uint256)"; repeatable'
complete -c svc -n '__svc_is "svc webhook create"' -l name -x -d 'a name for the webhook'
complete -c svc -n '__svc_is "svc webhook create"' -l description -x -d 'a description for the webhook'
complete -c svc -n '__svc_is "svc webhook create"' -l include-logs -d 'ask for the transaction logs in each notification'
complete -c svc -n '__svc_is "svc webhook create"' -l include-internal-txs -d 'ask for internal transactions in each notification'
complete -c svc -n '__svc_is "svc webhook create"' -l jq -x -d 'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw'
complete -c svc -n '__svc_is "svc webhook create"' -s h -l help -d 'show help'

# svc webhook list
complete -c svc -n '__svc_is "svc webhook list"' -l status -x -a 'active inactive' -d 'only active or inactive webhooks (default: both)'
complete -c svc -n '__svc_is "svc webhook list"' -l page-size -x -d 'webhooks per request, 1-100 (default 10 for one page; with --limit/--all the largest needed)'
complete -c svc -n '__svc_is "svc webhook list"' -l page-token -x -d 'continue from the nextPageToken of a previous page'
complete -c svc -n '__svc_is "svc webhook list"' -l limit -x -d 'follow pages until n webhooks are printed'
complete -c svc -n '__svc_is "svc webhook list"' -l all -d 'follow pages until the service has no more'
complete -c svc -n '__svc_is "svc webhook list"' -l jq -x -d 'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw'
complete -c svc -n '__svc_is "svc webhook list"' -s h -l help -d 'show help'

# svc webhook get
complete -c svc -n '__svc_is "svc webhook get" 0' -a '(command svc webhook list --limit 100 --timeout 2 --retries 0 2>/dev/null | cut -f1,2)' -d 'the webhook id'
complete -c svc -n '__svc_is "svc webhook get"' -l jq -x -d 'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw'
complete -c svc -n '__svc_is "svc webhook get"' -s h -l help -d 'show help'

# svc webhook update
complete -c svc -n '__svc_is "svc webhook update" 0' -a '(command svc webhook list --limit 100 --timeout 2 --retries 0 2>/dev/null | cut -f1,2)' -d 'the webhook id'
complete -c svc -n '__svc_is "svc webhook update"' -l url -x -d 'where notifications are sent from now on (absolute http or https URL)'
complete -c svc -n '__svc_is "svc webhook update"' -l name -x -d 'a new name'
complete -c svc -n '__svc_is "svc webhook update"' -l description -x -d 'a new description'
complete -c svc -n '__svc_is "svc webhook update"' -l status -x -a 'active inactive' -d 'active or inactive (inactive stops notifications at once, as deactivate does)'
complete -c svc -n '__svc_is "svc webhook update"' -l include-logs -d 'put the transaction logs in each notification'
complete -c svc -n '__svc_is "svc webhook update"' -l no-include-logs -d 'leave the logs out of each notification'
complete -c svc -n '__svc_is "svc webhook update"' -l include-internal-txs -d 'put internal transactions in each notification'
complete -c svc -n '__svc_is "svc webhook update"' -l no-include-internal-txs -d 'leave internal transactions out of each notification'
complete -c svc -n '__svc_is "svc webhook update"' -l jq -x -d 'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw'
complete -c svc -n '__svc_is "svc webhook update"' -s h -l help -d 'show help'

# svc webhook addresses
complete -c svc -n '__svc_is "svc webhook addresses"' -a list -d 'List the addresses a webhook watches (also: svc webhook addresses <id>)'
complete -c svc -n '__svc_is "svc webhook addresses"' -a add -d 'Add addresses to a webhook\'s watch list, in batches; prints the count it watches after the change'
complete -c svc -n '__svc_is "svc webhook addresses"' -a remove -d 'Remove addresses from a webhook\'s watch list, in batches; prints the count it watches after the change'
complete -c svc -n '__svc_is "svc webhook addresses"' -a help -d 'show help for a command'
complete -c svc -n '__svc_is "help:svc webhook addresses"' -a list -d 'List the addresses a webhook watches (also: svc webhook addresses <id>)'
complete -c svc -n '__svc_is "help:svc webhook addresses"' -a add -d 'Add addresses to a webhook\'s watch list, in batches; prints the count it watches after the change'
complete -c svc -n '__svc_is "help:svc webhook addresses"' -a remove -d 'Remove addresses from a webhook\'s watch list, in batches; prints the count it watches after the change'
complete -c svc -n '__svc_is "svc webhook addresses"' -a '(command svc webhook list --limit 100 --timeout 2 --retries 0 2>/dev/null | cut -f1,2)' -d 'the webhook id'
complete -c svc -n '__svc_is "svc webhook addresses"' -s h -l help -d 'show help'
complete -c svc -n '__svc_is "svc webhook addresses"' -l page-size -x -d 'addresses per request, 1-100 (default 10 for one page; with --limit/--all the largest needed)'
complete -c svc -n '__svc_is "svc webhook addresses"' -l page-token -x -d 'continue from the nextPageToken of a previous page'
complete -c svc -n '__svc_is "svc webhook addresses"' -l limit -x -d 'follow pages until n addresses are printed'
complete -c svc -n '__svc_is "svc webhook addresses"' -l all -d 'follow pages until the service has no more'
complete -c svc -n '__svc_is "svc webhook addresses"' -l jq -x -d 'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw'
complete -c svc -n '__svc_is "svc webhook addresses"' -s h -l help -d 'show help'

# svc webhook addresses list
complete -c svc -n '__svc_is "svc webhook addresses list" 0' -a '(command svc webhook list --limit 100 --timeout 2 --retries 0 2>/dev/null | cut -f1,2)' -d 'the webhook id'
complete -c svc -n '__svc_is "svc webhook addresses list"' -l page-size -x -d 'addresses per request, 1-100 (default 10 for one page; with --limit/--all the largest needed)'
complete -c svc -n '__svc_is "svc webhook addresses list"' -l page-token -x -d 'continue from the nextPageToken of a previous page'
complete -c svc -n '__svc_is "svc webhook addresses list"' -l limit -x -d 'follow pages until n addresses are printed'
complete -c svc -n '__svc_is "svc webhook addresses list"' -l all -d 'follow pages until the service has no more'
complete -c svc -n '__svc_is "svc webhook addresses list"' -l jq -x -d 'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw'
complete -c svc -n '__svc_is "svc webhook addresses list"' -s h -l help -d 'show help'

# svc webhook addresses add
complete -c svc -n '__svc_is "svc webhook addresses add" 0' -a '(command svc webhook list --limit 100 --timeout 2 --retries 0 2>/dev/null | cut -f1,2)' -d 'the webhook id'
complete -c svc -n '__svc_is "svc webhook addresses add"' -l address -x -d 'an address to add, 0x + 40 hex; repeatable or comma-separated'
complete -c svc -n '__svc_is "svc webhook addresses add"' -l addresses-file -r -F -d 'addresses one per line ("-" for stdin); blank lines and # comments ignored'
complete -c svc -n '__svc_is "svc webhook addresses add"' -l batch-size -x -d 'addresses per request, 1-10000; batches are sent one at a time, in input order'
complete -c svc -n '__svc_is "svc webhook addresses add"' -l jq -x -d 'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw'
complete -c svc -n '__svc_is "svc webhook addresses add"' -s h -l help -d 'show help'

# svc webhook addresses remove
complete -c svc -n '__svc_is "svc webhook addresses remove" 0' -a '(command svc webhook list --limit 100 --timeout 2 --retries 0 2>/dev/null | cut -f1,2)' -d 'the webhook id'
complete -c svc -n '__svc_is "svc webhook addresses remove"' -l address -x -d 'an address to remove, 0x + 40 hex; repeatable or comma-separated'
complete -c svc -n '__svc_is "svc webhook addresses remove"' -l addresses-file -r -F -d 'addresses one per line ("-" for stdin); blank lines and # comments ignored'
complete -c svc -n '__svc_is "svc webhook addresses remove"' -l batch-size -x -d 'addresses per request, 1-10000; batches are sent one at a time, in input order'
complete -c svc -n '__svc_is "svc webhook addresses remove"' -l jq -x -d 'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw'
complete -c svc -n '__svc_is "svc webhook addresses remove"' -s h -l help -d 'show help'

# svc webhook deactivate
complete -c svc -n '__svc_is "svc webhook deactivate" 0' -a '(command svc webhook list --limit 100 --timeout 2 --retries 0 2>/dev/null | cut -f1,2)' -d 'the webhook id'
complete -c svc -n '__svc_is "svc webhook deactivate"' -s y -l yes -d 'do not ask for confirmation (required when not at a terminal)'
complete -c svc -n '__svc_is "svc webhook deactivate"' -l jq -x -d 'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw'
complete -c svc -n '__svc_is "svc webhook deactivate"' -s h -l help -d 'show help'

# svc webhook activate
complete -c svc -n '__svc_is "svc webhook activate" 0' -a '(command svc webhook list --limit 100 --timeout 2 --retries 0 2>/dev/null | cut -f1,2)' -d 'the webhook id'
complete -c svc -n '__svc_is "svc webhook activate"' -l jq -x -d 'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw'
complete -c svc -n '__svc_is "svc webhook activate"' -s h -l help -d 'show help'

# svc webhook apply
complete -c svc -n '__svc_is "svc webhook apply"' -s f -l file -r -F -d 'the JSON file of webhooks ("-" for stdin); addressesFile paths are relative to it (to the working directory for stdin)'
complete -c svc -n '__svc_is "svc webhook apply"' -l dry-run -d 'print the changes without making them (only reads are sent)'
complete -c svc -n '__svc_is "svc webhook apply"' -l recreate -d 'replace a webhook whose chainId or event signatures changed: deactivate it, then create a new one'
complete -c svc -n '__svc_is "svc webhook apply"' -l prune -d 'also deactivate the active webhooks the file does not name'
complete -c svc -n '__svc_is "svc webhook apply"' -s y -l yes -d 'do not ask before pruning (required for --prune when not at a terminal)'
complete -c svc -n '__svc_is "svc webhook apply"' -l jq -x -d 'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw'
complete -c svc -n '__svc_is "svc webhook apply"' -s h -l help -d 'show help'

# svc webhook listen
complete -c svc -n '__svc_is "svc webhook listen"' -l port -x -d 'port to listen on; 0 picks a free one'
complete -c svc -n '__svc_is "svc webhook listen"' -l host -x -d 'address to listen on'
complete -c svc -n '__svc_is "svc webhook listen"' -l path -x -d 'accept notifications only at this URL path, e.g. /hooks (default: any path)'
complete -c svc -n '__svc_is "svc webhook listen"' -l forward-to -x -d 'relay each message to this URL and show its status (the sender gets that outcome)'
complete -c svc -n '__svc_is "svc webhook listen"' -l verify -d 'check each signature: answer 401 to a missing or wrong one, and neither show nor forward that message'
complete -c svc -n '__svc_is "svc webhook listen"' -l secret-file -r -F -d 'with --verify: read the shared secret from this file (default: SVC_WEBHOOK_SECRET, else ask the service)'
complete -c svc -n '__svc_is "svc webhook listen"' -l jq -x -d 'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw'
complete -c svc -n '__svc_is "svc webhook listen"' -s h -l help -d 'show help'

# svc webhook verify
complete -c svc -n '__svc_is "svc webhook verify"' -l signature -x -d 'the value of the x-signature header the body came with (required)'
complete -c svc -n '__svc_is "svc webhook verify"' -l secret-file -r -F -d 'read the shared secret from this file (default: SVC_WEBHOOK_SECRET, else ask the service)'
complete -c svc -n '__svc_is "svc webhook verify"' -s h -l help -d 'show help'

# svc webhook secret
complete -c svc -n '__svc_is "svc webhook secret"' -a show -d 'Print the key\'s shared secret, the one notifications are signed with, as the service gives it (hex)'
complete -c svc -n '__svc_is "svc webhook secret"' -a rotate -d 'Replace the shared secret with a new one and print it; receivers must switch to it'
complete -c svc -n '__svc_is "svc webhook secret"' -a help -d 'show help for a command'
complete -c svc -n '__svc_is "help:svc webhook secret"' -a show -d 'Print the key\'s shared secret, the one notifications are signed with, as the service gives it (hex)'
complete -c svc -n '__svc_is "help:svc webhook secret"' -a rotate -d 'Replace the shared secret with a new one and print it; receivers must switch to it'
complete -c svc -n '__svc_is "svc webhook secret"' -s h -l help -d 'show help'

# svc webhook secret show
complete -c svc -n '__svc_is "svc webhook secret show"' -l jq -x -d 'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw'
complete -c svc -n '__svc_is "svc webhook secret show"' -s h -l help -d 'show help'

# svc webhook secret rotate
complete -c svc -n '__svc_is "svc webhook secret rotate"' -s y -l yes -d 'do not ask for confirmation (required when not at a terminal)'
complete -c svc -n '__svc_is "svc webhook secret rotate"' -l jq -x -d 'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw'
complete -c svc -n '__svc_is "svc webhook secret rotate"' -s h -l help -d 'show help'

# svc event-signature
complete -c svc -n '__svc_is "svc event-signature"' -l jq -x -d 'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw'
complete -c svc -n '__svc_is "svc event-signature"' -s h -l help -d 'show help'

# svc config
complete -c svc -n '__svc_is "svc config"' -a set -d 'Store a setting (api-key, base-url, api-key-header, chain-id) in the profile'
complete -c svc -n '__svc_is "svc config"' -a get -d 'Print the value a setting has now (flag > env > profile > default); a key is masked'
complete -c svc -n '__svc_is "svc config"' -a unset -d 'Remove a setting from the profile'
complete -c svc -n '__svc_is "svc config"' -a list -d 'Show every setting in effect and its source: flag, env, profile or default'
complete -c svc -n '__svc_is "svc config"' -a path -d 'Print the path of the config file'
complete -c svc -n '__svc_is "svc config"' -a help -d 'show help for a command'
complete -c svc -n '__svc_is "help:svc config"' -a set -d 'Store a setting (api-key, base-url, api-key-header, chain-id) in the profile'
complete -c svc -n '__svc_is "help:svc config"' -a get -d 'Print the value a setting has now (flag > env > profile > default); a key is masked'
complete -c svc -n '__svc_is "help:svc config"' -a unset -d 'Remove a setting from the profile'
complete -c svc -n '__svc_is "help:svc config"' -a list -d 'Show every setting in effect and its source: flag, env, profile or default'
complete -c svc -n '__svc_is "help:svc config"' -a path -d 'Print the path of the config file'
complete -c svc -n '__svc_is "svc config"' -s h -l help -d 'show help'

# svc config set
complete -c svc -n '__svc_is "svc config set" 0' -a 'api-key base-url api-key-header chain-id' -d 'api-key, base-url, api-key-header or chain-id'
complete -c svc -n '__svc_is "svc config set"' -s h -l help -d 'show help'

# svc config get
complete -c svc -n '__svc_is "svc config get" 0' -a 'api-key base-url api-key-header chain-id' -d 'api-key, base-url, api-key-header or chain-id'
complete -c svc -n '__svc_is "svc config get"' -s h -l help -d 'show help'

# svc config unset
complete -c svc -n '__svc_is "svc config unset" 0' -a 'api-key base-url api-key-header chain-id' -d 'api-key, base-url, api-key-header or chain-id'
complete -c svc -n '__svc_is "svc config unset"' -s h -l help -d 'show help'

# svc config list
complete -c svc -n '__svc_is "svc config list"' -l jq -x -d 'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw'
complete -c svc -n '__svc_is "svc config list"' -s h -l help -d 'show help'

# svc config path
complete -c svc -n '__svc_is "svc config path"' -s h -l help -d 'show help'

# svc emulator
complete -c svc -n '__svc_is "svc emulator"' -a start -d 'Run a local emulator of the service (transactions, webhooks, signed webhook deliveries, a control API)'
complete -c svc -n '__svc_is "svc emulator"' -a status -d 'List the emulators you run: URL, pid, uptime, webhooks and messages pending (exit 3 when none runs)'
complete -c svc -n '__svc_is "svc emulator"' -a stop -d 'Stop an emulator you run: SIGTERM, then up to 5 s (60 s while it writes its state); with one running, no flag needed'
complete -c svc -n '__svc_is "svc emulator"' -a logs -d 'Print the log of an emulator started with --detach; with one running, no flag needed'
complete -c svc -n '__svc_is "svc emulator"' -a open -d 'Open the emulator\'s inspector page in the browser: deliveries live, webhooks, trigger, transactions'
complete -c svc -n '__svc_is "svc emulator"' -a trigger -d 'Make a transaction happen in the running emulator; matching webhooks are notified at once'
complete -c svc -n '__svc_is "svc emulator"' -a deliveries -d 'The emulator\'s messages and each attempt to deliver them'
complete -c svc -n '__svc_is "svc emulator"' -a redeliver -d 'Send a message again now: same messageId and body, signed with the current secret, recorded as a further attempt'
complete -c svc -n '__svc_is "svc emulator"' -a reset -d 'Forget the emulator\'s webhooks, messages, injected transactions and secrets, as if it started anew'
complete -c svc -n '__svc_is "svc emulator"' -a help -d 'show help for a command'
complete -c svc -n '__svc_is "help:svc emulator"' -a start -d 'Run a local emulator of the service (transactions, webhooks, signed webhook deliveries, a control API)'
complete -c svc -n '__svc_is "help:svc emulator"' -a status -d 'List the emulators you run: URL, pid, uptime, webhooks and messages pending (exit 3 when none runs)'
complete -c svc -n '__svc_is "help:svc emulator"' -a stop -d 'Stop an emulator you run: SIGTERM, then up to 5 s (60 s while it writes its state); with one running, no flag needed'
complete -c svc -n '__svc_is "help:svc emulator"' -a logs -d 'Print the log of an emulator started with --detach; with one running, no flag needed'
complete -c svc -n '__svc_is "help:svc emulator"' -a open -d 'Open the emulator\'s inspector page in the browser: deliveries live, webhooks, trigger, transactions'
complete -c svc -n '__svc_is "help:svc emulator"' -a trigger -d 'Make a transaction happen in the running emulator; matching webhooks are notified at once'
complete -c svc -n '__svc_is "help:svc emulator"' -a deliveries -d 'The emulator\'s messages and each attempt to deliver them'
complete -c svc -n '__svc_is "help:svc emulator"' -a redeliver -d 'Send a message again now: same messageId and body, signed with the current secret, recorded as a further attempt'
complete -c svc -n '__svc_is "help:svc emulator"' -a reset -d 'Forget the emulator\'s webhooks, messages, injected transactions and secrets, as if it started anew'
complete -c svc -n '__svc_is "svc emulator"' -s h -l help -d 'show help'

# svc emulator start
complete -c svc -n '__svc_is "svc emulator start"' -l port -x -d 'port to listen on; 0 picks a free one'
complete -c svc -n '__svc_is "svc emulator start"' -l host -x -d 'address to listen on'
complete -c svc -n '__svc_is "svc emulator start"' -l seed -x -d 'make all generated data and ids deterministic (default: random)'
complete -c svc -n '__svc_is "svc emulator start"' -l block-time -x -d 'a new block on each chain every ms milliseconds; 0 for none'
complete -c svc -n '__svc_is "svc emulator start"' -l api-key -x -d 'accept only this key (repeatable); default: any non-empty key'
complete -c svc -n '__svc_is "svc emulator start"' -l read-only-key -x -d 'a key that may read but not create or deactivate (repeatable)'
complete -c svc -n '__svc_is "svc emulator start"' -l rate-limit -x -d 'requests per second per key, keyless clients a tenth; 0 for no limit'
complete -c svc -n '__svc_is "svc emulator start"' -l fault-rate -x -d 'share of requests, 0 to 1, answered 500/502/503/429 or dropped'
complete -c svc -n '__svc_is "svc emulator start"' -l latency -x -d 'milliseconds added to every response'
complete -c svc -n '__svc_is "svc emulator start"' -l max-addresses -x -d 'addresses one webhook may watch at most; more is a 400 (default: no cap)'
complete -c svc -n '__svc_is "svc emulator start"' -l unlisted-chains -d 'take webhooks on chains svc chain list does not name, each made up as it is watched (the service refuses them: 400)'
complete -c svc -n '__svc_is "svc emulator start"' -l keep-messages -x -d 'messages kept with their attempts for svc emulator deliveries; the oldest are dropped (default: 10000)'
complete -c svc -n '__svc_is "svc emulator start"' -l webhook-secret -x -d 'hex secret signing every key\'s notifications until rotated (default: random per key); a test secret: flags show in process lists'
complete -c svc -n '__svc_is "svc emulator start"' -l retry-schedule -x -a 'fast real' -d 'delivery retries: fast (given up within 2 minutes) or real (the service\'s, over 45 h)'
complete -c svc -n '__svc_is "svc emulator start"' -l data-dir -x -d 'keep webhooks, secrets, deliveries and the chain (its history and every block, listed only once kept; the newest 10,000 transactions) in this folder across restarts'
complete -c svc -n '__svc_is "svc emulator start"' -l repair -d 'with --data-dir: keep the state before a damaged record; set the rest, and every later log, aside in a folder beside them'
complete -c svc -n '__svc_is "svc emulator start"' -l inspector -d 'serve the inspector page even with a --host beyond loopback (to this machine\'s browsers only)'
complete -c svc -n '__svc_is "svc emulator start"' -l no-inspector -d 'serve no inspector page'
complete -c svc -n '__svc_is "svc emulator start"' -l inspector-path -r -F -d 'where the inspector page is served (default: /)'
complete -c svc -n '__svc_is "svc emulator start"' -l detach -d 'run it in the background: once it listens, print the export line of its URL (for eval), log to a file it names, and return'
complete -c svc -n '__svc_is "svc emulator start"' -s h -l help -d 'show help'

# svc emulator status
complete -c svc -n '__svc_is "svc emulator status"' -l jq -x -d 'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw'
complete -c svc -n '__svc_is "svc emulator status"' -s h -l help -d 'show help'

# svc emulator stop
complete -c svc -n '__svc_is "svc emulator stop"' -l port -x -d 'the one listening on this port'
complete -c svc -n '__svc_is "svc emulator stop"' -l all -d 'every emulator you run (none running is no failure)'
complete -c svc -n '__svc_is "svc emulator stop"' -s h -l help -d 'show help'

# svc emulator logs
complete -c svc -n '__svc_is "svc emulator logs"' -l port -x -d 'the one on this port (running or ended)'
complete -c svc -n '__svc_is "svc emulator logs"' -s f -l follow -d 'then print what it writes, until Ctrl-C'
complete -c svc -n '__svc_is "svc emulator logs"' -l previous -d 'the log of its run before the last start on that port'
complete -c svc -n '__svc_is "svc emulator logs"' -s h -l help -d 'show help'

# svc emulator open
complete -c svc -n '__svc_is "svc emulator open"' -l no-browser -d 'print the URL instead of opening it'
complete -c svc -n '__svc_is "svc emulator open"' -s h -l help -d 'show help'

# svc emulator trigger
complete -c svc -n '__svc_is "svc emulator trigger"' -l chain-id -x -a 'c-chain fuji dexalot dexalot-testnet dfk dfk-testnet 43114 43113 432204 432201 53935 335' -d 'chain of the transaction (required): its id, or its name (fuji)'
complete -c svc -n '__svc_is "svc emulator trigger"' -l from -x -d 'sender (default: generated)'
complete -c svc -n '__svc_is "svc emulator trigger"' -l to -x -d 'recipient (default: generated)'
complete -c svc -n '__svc_is "svc emulator trigger"' -l value -x -d 'native value in wei, decimal'
complete -c svc -n '__svc_is "svc emulator trigger"' -l status -x -a 'success failed' -d 'success or failed'
complete -c svc -n '__svc_is "svc emulator trigger"' -l erc20 -x -d 'an ERC-20 transfer in the transaction (of --token, else of a token the chain picks); from the zero address, a mint; repeatable'
complete -c svc -n '__svc_is "svc emulator trigger"' -l erc721 -x -d 'an ERC-721 transfer (of --token, else of the chain\'s test collection); from the zero address, a mint; repeatable'
complete -c svc -n '__svc_is "svc emulator trigger"' -l erc1155 -x -d 'an ERC-1155 transfer (of --token, else of the chain\'s test collection); from the zero address, a mint; repeatable'
complete -c svc -n '__svc_is "svc emulator trigger"' -l token -x -d 'the token contract of the --erc20 transfers, or the collection of the --erc721 or --erc1155 ones'
complete -c svc -n '__svc_is "svc emulator trigger"' -l internal -x -d 'an internal transaction, a call the transaction made (type CALL by default, or DELEGATECALL, STATICCALL...); repeatable'
complete -c svc -n '__svc_is "svc emulator trigger"' -l log -x -d 'a log emitted by address: 1 to 4 comma-separated 32-byte topics, topic0 first (default: Transfer\'s), then its data in hex; repeatable'
complete -c svc -n '__svc_is "svc emulator trigger"' -l contract-creation -d 'the transaction creates a contract (from --from; its address is in contractAddress)'
complete -c svc -n '__svc_is "svc emulator trigger"' -l jq -x -d 'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw'
complete -c svc -n '__svc_is "svc emulator trigger"' -s h -l help -d 'show help'

# svc emulator deliveries
complete -c svc -n '__svc_is "svc emulator deliveries"' -a list -d 'The emulator\'s messages, newest first, with their attempts and state (also: svc emulator deliveries)'
complete -c svc -n '__svc_is "svc emulator deliveries"' -a show -d 'One message of the emulator and each attempt: when, how long, headers sent, the answer or the network error'
complete -c svc -n '__svc_is "svc emulator deliveries"' -a recover -d 'Send a webhook\'s failed messages again, oldest first, each once, to its url as it is now (the attempts follow)'
complete -c svc -n '__svc_is "svc emulator deliveries"' -a help -d 'show help for a command'
complete -c svc -n '__svc_is "help:svc emulator deliveries"' -a list -d 'The emulator\'s messages, newest first, with their attempts and state (also: svc emulator deliveries)'
complete -c svc -n '__svc_is "help:svc emulator deliveries"' -a show -d 'One message of the emulator and each attempt: when, how long, headers sent, the answer or the network error'
complete -c svc -n '__svc_is "help:svc emulator deliveries"' -a recover -d 'Send a webhook\'s failed messages again, oldest first, each once, to its url as it is now (the attempts follow)'
complete -c svc -n '__svc_is "svc emulator deliveries"' -s h -l help -d 'show help'
complete -c svc -n '__svc_is "svc emulator deliveries"' -l webhook -x -d 'only this webhook\'s messages'
complete -c svc -n '__svc_is "svc emulator deliveries"' -l state -x -a 'delivered retrying failed' -d 'only messages in this state'
complete -c svc -n '__svc_is "svc emulator deliveries"' -l since -x -d 'only messages made since then: a duration back from now (10m, 2h, 1d) or an ISO 8601 time'
complete -c svc -n '__svc_is "svc emulator deliveries"' -l until -x -d 'only messages made before then: a duration back from now (10m, 2h, 1d) or an ISO 8601 time'
complete -c svc -n '__svc_is "svc emulator deliveries"' -l search -x -d 'only messages with this id (or its first 8+ characters), transaction hash or watched address'
complete -c svc -n '__svc_is "svc emulator deliveries"' -l follow -d 'print each attempt as it ends, until Ctrl-C (with --webhook: only its attempts)'
complete -c svc -n '__svc_is "svc emulator deliveries"' -l page-size -x -d 'messages per request, 1-100 (default 10 for one page; with --limit/--all the largest needed)'
complete -c svc -n '__svc_is "svc emulator deliveries"' -l page-token -x -d 'continue from the nextPageToken of a previous page'
complete -c svc -n '__svc_is "svc emulator deliveries"' -l limit -x -d 'follow pages until n messages are printed'
complete -c svc -n '__svc_is "svc emulator deliveries"' -l all -d 'follow pages until the service has no more'
complete -c svc -n '__svc_is "svc emulator deliveries"' -l jq -x -d 'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw'
complete -c svc -n '__svc_is "svc emulator deliveries"' -s h -l help -d 'show help'

# svc emulator deliveries list
complete -c svc -n '__svc_is "svc emulator deliveries list"' -l webhook -x -d 'only this webhook\'s messages'
complete -c svc -n '__svc_is "svc emulator deliveries list"' -l state -x -a 'delivered retrying failed' -d 'only messages in this state'
complete -c svc -n '__svc_is "svc emulator deliveries list"' -l since -x -d 'only messages made since then: a duration back from now (10m, 2h, 1d) or an ISO 8601 time'
complete -c svc -n '__svc_is "svc emulator deliveries list"' -l until -x -d 'only messages made before then: a duration back from now (10m, 2h, 1d) or an ISO 8601 time'
complete -c svc -n '__svc_is "svc emulator deliveries list"' -l search -x -d 'only messages with this id (or its first 8+ characters), transaction hash or watched address'
complete -c svc -n '__svc_is "svc emulator deliveries list"' -l follow -d 'print each attempt as it ends, until Ctrl-C (with --webhook: only its attempts)'
complete -c svc -n '__svc_is "svc emulator deliveries list"' -l page-size -x -d 'messages per request, 1-100 (default 10 for one page; with --limit/--all the largest needed)'
complete -c svc -n '__svc_is "svc emulator deliveries list"' -l page-token -x -d 'continue from the nextPageToken of a previous page'
complete -c svc -n '__svc_is "svc emulator deliveries list"' -l limit -x -d 'follow pages until n messages are printed'
complete -c svc -n '__svc_is "svc emulator deliveries list"' -l all -d 'follow pages until the service has no more'
complete -c svc -n '__svc_is "svc emulator deliveries list"' -l jq -x -d 'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw'
complete -c svc -n '__svc_is "svc emulator deliveries list"' -s h -l help -d 'show help'

# svc emulator deliveries show
complete -c svc -n '__svc_is "svc emulator deliveries show" 0' -a '(command svc emulator deliveries --limit 100 --timeout 2 --retries 0 2>/dev/null | cut -f2,6)' -d 'the message id (from svc emulator deliveries, or the trigger that caused it)'
complete -c svc -n '__svc_is "svc emulator deliveries show"' -l body -d 'print the exact bytes that were sent, nothing else'
complete -c svc -n '__svc_is "svc emulator deliveries show"' -l jq -x -d 'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw'
complete -c svc -n '__svc_is "svc emulator deliveries show"' -s h -l help -d 'show help'

# svc emulator deliveries recover
complete -c svc -n '__svc_is "svc emulator deliveries recover"' -l since -x -d 'failed messages made since then: a duration back from now (10m, 2h, 1d) or an ISO 8601 time (required)'
complete -c svc -n '__svc_is "svc emulator deliveries recover"' -l jq -x -d 'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw'
complete -c svc -n '__svc_is "svc emulator deliveries recover"' -s h -l help -d 'show help'

# svc emulator redeliver
complete -c svc -n '__svc_is "svc emulator redeliver" 0' -a '(command svc emulator deliveries --limit 100 --timeout 2 --retries 0 2>/dev/null | cut -f2,6)' -d 'the message id (from svc emulator deliveries)'
complete -c svc -n '__svc_is "svc emulator redeliver"' -l to -x -d 'send this one attempt to another URL (a local handler); the webhook\'s url stays'
complete -c svc -n '__svc_is "svc emulator redeliver"' -l jq -x -d 'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw'
complete -c svc -n '__svc_is "svc emulator redeliver"' -s h -l help -d 'show help'

# svc emulator reset
complete -c svc -n '__svc_is "svc emulator reset"' -s y -l yes -d 'do not ask for confirmation (required when not at a terminal)'
complete -c svc -n '__svc_is "svc emulator reset"' -s h -l help -d 'show help'

# svc api
complete -c svc -n '__svc_is "svc api" 0' -a '(__svc_values_api_path)' -d 'the operation\'s path from /v1 on, its {placeholders} filled in ("/v1/chains/43114/blocks"); may carry a query string. With --list: a word to look for'
complete -c svc -n '__svc_is "svc api"' -s X -l method -x -d 'GET, POST, PUT, PATCH, DELETE (default: GET, or POST when fields or --input are given)'
complete -c svc -n '__svc_is "svc api"' -s f -l raw-field -x -d 'a string field, repeatable: a query parameter for GET, a member of the JSON body otherwise; nested keys as gh api reads them: "a[b][c]=x", "list[]=x" adds to an array, "list[]" an empty one'
complete -c svc -n '__svc_is "svc api"' -s F -l field -x -d 'a typed field, repeatable, keys as for -f: numbers, true, false, null and JSON objects or arrays as JSON, @path for a file\'s contents (@- stdin); a key given twice is an error'
complete -c svc -n '__svc_is "svc api"' -l input -r -F -d 'the request body as is, from a file (- for stdin); the fields then go in the query string'
complete -c svc -n '__svc_is "svc api"' -s H -l header -x -d 'a request header, repeatable'
complete -c svc -n '__svc_is "svc api"' -l paginate -d 'follow nextPageToken until the last page, one JSON document per page, one a line (GET only)'
complete -c svc -n '__svc_is "svc api"' -l slurp -d 'with --paginate, print every page in one JSON array'
complete -c svc -n '__svc_is "svc api"' -s i -l include -d 'print the status line and the headers before the body'
complete -c svc -n '__svc_is "svc api"' -l silent -d 'print nothing on success'
complete -c svc -n '__svc_is "svc api"' -l jq -x -d 'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw'
complete -c svc -n '__svc_is "svc api"' -l list -d 'print the operator\'s operations (method, path, summary), marking those the bundled emulator models; [path] is then a word to look for'
complete -c svc -n '__svc_is "svc api"' -s h -l help -d 'show help'

# svc completion
complete -c svc -n '__svc_is "svc completion" 0' -a 'bash zsh fish' -d 'the shell to complete in'
complete -c svc -n '__svc_is "svc completion"' -s h -l help -d 'show help'
