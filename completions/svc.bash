# bash completion for svc                                  -*- shell-script -*-
# Generated from the command tree by `svc completion bash`; do not edit.
#
# Load it in the current shell:  source <(svc completion bash)
# Load it in every new shell:    mkdir -p ~/.local/share/bash-completion/completions &&
#   svc completion bash > ~/.local/share/bash-completion/completions/svc

# Sets the subcommands, options, value-taking options and default subcommand of the command at path "$1".
__svc_node() {
    __svc_commands='' __svc_has_help=0 __svc_options='' __svc_value_options='' __svc_default=''
    case "$1" in
    'svc')
        __svc_commands='tx chain block address token balance contract nft webhook event-signature config emulator api completion'
        __svc_has_help=1
        __svc_options='-V --version --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color -h --help'
        __svc_value_options='--base-url --profile --timeout --retries'
        ;;
    'svc tx')
        __svc_commands='list get'
        __svc_has_help=1
        __svc_options='-h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--base-url --profile --timeout --retries'
        ;;
    'svc tx list')
        __svc_options='--network --chain-id --status --address --kind --start-block --end-block --sort-order --filter-spam-tokens --block --page-size --page-token --limit --all --follow --interval --jq -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--network --chain-id --status --address --kind --start-block --end-block --sort-order --block --page-size --page-token --limit --interval --jq --base-url --profile --timeout --retries'
        ;;
    'svc tx get')
        __svc_options='--chain-id --jq -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--chain-id --jq --base-url --profile --timeout --retries'
        ;;
    'svc chain')
        __svc_commands='list get'
        __svc_has_help=1
        __svc_options='-h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--base-url --profile --timeout --retries'
        ;;
    'svc chain list')
        __svc_options='--network --feature --jq -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--network --feature --jq --base-url --profile --timeout --retries'
        ;;
    'svc chain get')
        __svc_options='--jq -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--jq --base-url --profile --timeout --retries'
        ;;
    'svc block')
        __svc_commands='list get'
        __svc_has_help=1
        __svc_options='-h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--base-url --profile --timeout --retries'
        ;;
    'svc block list')
        __svc_options='--chain-id --network --page-size --page-token --limit --all --jq -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--chain-id --network --page-size --page-token --limit --jq --base-url --profile --timeout --retries'
        ;;
    'svc block get')
        __svc_options='--chain-id --jq -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--chain-id --jq --base-url --profile --timeout --retries'
        ;;
    'svc address')
        __svc_commands='chains'
        __svc_has_help=1
        __svc_options='-h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--base-url --profile --timeout --retries'
        ;;
    'svc address chains')
        __svc_options='--jq -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--jq --base-url --profile --timeout --retries'
        ;;
    'svc token')
        __svc_commands='transfers'
        __svc_has_help=1
        __svc_options='-h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--base-url --profile --timeout --retries'
        ;;
    'svc token transfers')
        __svc_options='--chain-id --start-block --end-block --page-size --page-token --limit --all --jq -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--chain-id --start-block --end-block --page-size --page-token --limit --jq --base-url --profile --timeout --retries'
        ;;
    'svc balance')
        __svc_options='--chain-id --erc20 --erc721 --erc1155 --collectibles --contract --page-size --page-token --limit --all --jq -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--chain-id --contract --page-size --page-token --limit --jq --base-url --profile --timeout --retries'
        ;;
    'svc contract')
        __svc_commands='get deployments'
        __svc_has_help=1
        __svc_options='-h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--base-url --profile --timeout --retries'
        ;;
    'svc contract get')
        __svc_options='--chain-id --jq -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--chain-id --jq --base-url --profile --timeout --retries'
        ;;
    'svc contract deployments')
        __svc_options='--chain-id --page-size --page-token --limit --all --jq -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--chain-id --page-size --page-token --limit --jq --base-url --profile --timeout --retries'
        ;;
    'svc nft')
        __svc_commands='list get reindex'
        __svc_has_help=1
        __svc_options='-h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--base-url --profile --timeout --retries'
        ;;
    'svc nft list')
        __svc_options='--chain-id --page-size --page-token --limit --all --jq -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--chain-id --page-size --page-token --limit --jq --base-url --profile --timeout --retries'
        ;;
    'svc nft get')
        __svc_options='--chain-id --jq -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--chain-id --jq --base-url --profile --timeout --retries'
        ;;
    'svc nft reindex')
        __svc_options='--chain-id --jq -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--chain-id --jq --base-url --profile --timeout --retries'
        ;;
    'svc webhook')
        __svc_commands='create list get update addresses deactivate activate apply listen verify secret'
        __svc_has_help=1
        __svc_options='-h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--base-url --profile --timeout --retries'
        ;;
    'svc webhook create')
        __svc_options='--url --chain-id --address --addresses-file --event-signature --event --name --description --include-logs --include-internal-txs --jq -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--url --chain-id --address --addresses-file --event-signature --event --name --description --jq --base-url --profile --timeout --retries'
        ;;
    'svc webhook list')
        __svc_options='--status --page-size --page-token --limit --all --jq -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--status --page-size --page-token --limit --jq --base-url --profile --timeout --retries'
        ;;
    'svc webhook get')
        __svc_options='--jq -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--jq --base-url --profile --timeout --retries'
        ;;
    'svc webhook update')
        __svc_options='--url --name --description --status --include-logs --no-include-logs --include-internal-txs --no-include-internal-txs --jq -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--url --name --description --status --jq --base-url --profile --timeout --retries'
        ;;
    'svc webhook addresses')
        __svc_commands='list add remove'
        __svc_has_help=1
        __svc_options='-h --help --page-size --page-token --limit --all --jq -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--page-size --page-token --limit --jq --base-url --profile --timeout --retries'
        __svc_default='list'
        ;;
    'svc webhook addresses list')
        __svc_options='--page-size --page-token --limit --all --jq -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--page-size --page-token --limit --jq --base-url --profile --timeout --retries'
        ;;
    'svc webhook addresses add')
        __svc_options='--address --addresses-file --batch-size --jq -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--address --addresses-file --batch-size --jq --base-url --profile --timeout --retries'
        ;;
    'svc webhook addresses remove')
        __svc_options='--address --addresses-file --batch-size --jq -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--address --addresses-file --batch-size --jq --base-url --profile --timeout --retries'
        ;;
    'svc webhook deactivate')
        __svc_options='-y --yes --jq -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--jq --base-url --profile --timeout --retries'
        ;;
    'svc webhook activate')
        __svc_options='--jq -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--jq --base-url --profile --timeout --retries'
        ;;
    'svc webhook apply')
        __svc_options='-f --file --dry-run --recreate --prune -y --yes --jq -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='-f --file --jq --base-url --profile --timeout --retries'
        ;;
    'svc webhook listen')
        __svc_options='--port --host --path --forward-to --verify --secret-file --jq -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--port --host --path --forward-to --secret-file --jq --base-url --profile --timeout --retries'
        ;;
    'svc webhook verify')
        __svc_options='--signature --secret-file -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--signature --secret-file --base-url --profile --timeout --retries'
        ;;
    'svc webhook secret')
        __svc_commands='show rotate'
        __svc_has_help=1
        __svc_options='-h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--base-url --profile --timeout --retries'
        ;;
    'svc webhook secret show')
        __svc_options='--jq -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--jq --base-url --profile --timeout --retries'
        ;;
    'svc webhook secret rotate')
        __svc_options='-y --yes --jq -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--jq --base-url --profile --timeout --retries'
        ;;
    'svc event-signature')
        __svc_options='--jq -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--jq --base-url --profile --timeout --retries'
        ;;
    'svc config')
        __svc_commands='set get unset list path'
        __svc_has_help=1
        __svc_options='-h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--base-url --profile --timeout --retries'
        ;;
    'svc config set')
        __svc_options='-h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--base-url --profile --timeout --retries'
        ;;
    'svc config get')
        __svc_options='-h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--base-url --profile --timeout --retries'
        ;;
    'svc config unset')
        __svc_options='-h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--base-url --profile --timeout --retries'
        ;;
    'svc config list')
        __svc_options='--jq -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--jq --base-url --profile --timeout --retries'
        ;;
    'svc config path')
        __svc_options='-h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--base-url --profile --timeout --retries'
        ;;
    'svc emulator')
        __svc_commands='start status stop logs open trigger deliveries redeliver reset'
        __svc_has_help=1
        __svc_options='-h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--base-url --profile --timeout --retries'
        ;;
    'svc emulator start')
        __svc_options='--port --host --seed --block-time --api-key --read-only-key --rate-limit --fault-rate --latency --max-addresses --unlisted-chains --keep-messages --webhook-secret --retry-schedule --data-dir --repair --inspector --no-inspector --inspector-path --detach -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--port --host --seed --block-time --api-key --read-only-key --rate-limit --fault-rate --latency --max-addresses --keep-messages --webhook-secret --retry-schedule --data-dir --inspector-path --base-url --profile --timeout --retries'
        ;;
    'svc emulator status')
        __svc_options='--jq -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--jq --base-url --profile --timeout --retries'
        ;;
    'svc emulator stop')
        __svc_options='--port --all -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--port --base-url --profile --timeout --retries'
        ;;
    'svc emulator logs')
        __svc_options='--port -f --follow --previous -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--port --base-url --profile --timeout --retries'
        ;;
    'svc emulator open')
        __svc_options='--no-browser -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--base-url --profile --timeout --retries'
        ;;
    'svc emulator trigger')
        __svc_options='--chain-id --from --to --value --status --erc20 --erc721 --erc1155 --token --internal --log --contract-creation --jq -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--chain-id --from --to --value --status --erc20 --erc721 --erc1155 --token --internal --log --jq --base-url --profile --timeout --retries'
        ;;
    'svc emulator deliveries')
        __svc_commands='list show recover'
        __svc_has_help=1
        __svc_options='-h --help --webhook --state --since --until --search --follow --page-size --page-token --limit --all --jq -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--webhook --state --since --until --search --page-size --page-token --limit --jq --base-url --profile --timeout --retries'
        __svc_default='list'
        ;;
    'svc emulator deliveries list')
        __svc_options='--webhook --state --since --until --search --follow --page-size --page-token --limit --all --jq -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--webhook --state --since --until --search --page-size --page-token --limit --jq --base-url --profile --timeout --retries'
        ;;
    'svc emulator deliveries show')
        __svc_options='--body --jq -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--jq --base-url --profile --timeout --retries'
        ;;
    'svc emulator deliveries recover')
        __svc_options='--since --jq -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--since --jq --base-url --profile --timeout --retries'
        ;;
    'svc emulator redeliver')
        __svc_options='--to --jq -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--to --jq --base-url --profile --timeout --retries'
        ;;
    'svc emulator reset')
        __svc_options='-y --yes -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--base-url --profile --timeout --retries'
        ;;
    'svc api')
        __svc_options='-X --method -f --raw-field -F --field --input -H --header --paginate --slurp -i --include --silent --jq --list -h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='-X --method -f --raw-field -F --field --input -H --header --jq --base-url --profile --timeout --retries'
        ;;
    'svc completion')
        __svc_options='-h --help --base-url --profile --json --timeout --retries -v --verbose -q --quiet --no-color'
        __svc_value_options='--base-url --profile --timeout --retries'
        ;;
    esac
}

# Completes the value of option "$2" of the command at path "$1".
__svc_option_values() {
    case "$1 $2" in
    'svc tx list --network') __svc_reply_words 'mainnet fuji testnet' ;;
    'svc tx list --chain-id') __svc_reply_words 'c-chain fuji dexalot dexalot-testnet dfk dfk-testnet 43114 43113 432204 432201 53935 335' ;;
    'svc tx list --status') __svc_reply_words 'failed success' ;;
    'svc tx list --kind') __svc_reply_words 'native erc20 erc721 erc1155 internal' ;;
    'svc tx list --sort-order') __svc_reply_words 'asc desc' ;;
    'svc tx get --chain-id') __svc_reply_words 'c-chain fuji dexalot dexalot-testnet dfk dfk-testnet 43114 43113 432204 432201 53935 335' ;;
    'svc chain list --network') __svc_reply_words 'mainnet fuji testnet' ;;
    'svc chain list --feature') __svc_reply_words 'nftIndexing webhooks teleporter' ;;
    'svc block list --chain-id') __svc_reply_words 'c-chain fuji dexalot dexalot-testnet dfk dfk-testnet 43114 43113 432204 432201 53935 335' ;;
    'svc block list --network') __svc_reply_words 'mainnet fuji testnet' ;;
    'svc block get --chain-id') __svc_reply_words 'c-chain fuji dexalot dexalot-testnet dfk dfk-testnet 43114 43113 432204 432201 53935 335' ;;
    'svc token transfers --chain-id') __svc_reply_words 'c-chain fuji dexalot dexalot-testnet dfk dfk-testnet 43114 43113 432204 432201 53935 335' ;;
    'svc balance --chain-id') __svc_reply_words 'c-chain fuji dexalot dexalot-testnet dfk dfk-testnet 43114 43113 432204 432201 53935 335' ;;
    'svc contract get --chain-id') __svc_reply_words 'c-chain fuji dexalot dexalot-testnet dfk dfk-testnet 43114 43113 432204 432201 53935 335' ;;
    'svc contract deployments --chain-id') __svc_reply_words 'c-chain fuji dexalot dexalot-testnet dfk dfk-testnet 43114 43113 432204 432201 53935 335' ;;
    'svc nft list --chain-id') __svc_reply_words 'c-chain fuji dexalot dexalot-testnet dfk dfk-testnet 43114 43113 432204 432201 53935 335' ;;
    'svc nft get --chain-id') __svc_reply_words 'c-chain fuji dexalot dexalot-testnet dfk dfk-testnet 43114 43113 432204 432201 53935 335' ;;
    'svc nft reindex --chain-id') __svc_reply_words 'c-chain fuji dexalot dexalot-testnet dfk dfk-testnet 43114 43113 432204 432201 53935 335' ;;
    'svc webhook create --chain-id') __svc_reply_words 'c-chain fuji dexalot dexalot-testnet dfk dfk-testnet 43114 43113 432204 432201 53935 335' ;;
    'svc webhook create --addresses-file') __svc_reply_files ;;
    'svc webhook list --status') __svc_reply_words 'active inactive' ;;
    'svc webhook update --status') __svc_reply_words 'active inactive' ;;
    'svc webhook addresses add --addresses-file') __svc_reply_files ;;
    'svc webhook addresses remove --addresses-file') __svc_reply_files ;;
    'svc webhook apply -f'|'svc webhook apply --file') __svc_reply_files ;;
    'svc webhook listen --secret-file') __svc_reply_files ;;
    'svc webhook verify --secret-file') __svc_reply_files ;;
    'svc emulator start --retry-schedule') __svc_reply_words 'fast real' ;;
    'svc emulator start --inspector-path') __svc_reply_files ;;
    'svc emulator trigger --chain-id') __svc_reply_words 'c-chain fuji dexalot dexalot-testnet dfk dfk-testnet 43114 43113 432204 432201 53935 335' ;;
    'svc emulator trigger --status') __svc_reply_words 'success failed' ;;
    'svc emulator deliveries --state') __svc_reply_words 'delivered retrying failed' ;;
    'svc emulator deliveries list --state') __svc_reply_words 'delivered retrying failed' ;;
    'svc api --input') __svc_reply_files ;;
    esac
}

# Completes positional argument number "$2" (from 1) of the command at path "$1".
__svc_argument_values() {
    case "$1 $2" in
    'svc chain get 1') __svc_reply_words 'c-chain fuji dexalot dexalot-testnet dfk dfk-testnet 43114 43113 432204 432201 53935 335' ;;
    'svc webhook get 1') __svc_reply_asked 'webhook list --limit 100 --timeout 2 --retries 0' 1 ;;
    'svc webhook update 1') __svc_reply_asked 'webhook list --limit 100 --timeout 2 --retries 0' 1 ;;
    'svc webhook addresses list 1') __svc_reply_asked 'webhook list --limit 100 --timeout 2 --retries 0' 1 ;;
    'svc webhook addresses add 1') __svc_reply_asked 'webhook list --limit 100 --timeout 2 --retries 0' 1 ;;
    'svc webhook addresses remove 1') __svc_reply_asked 'webhook list --limit 100 --timeout 2 --retries 0' 1 ;;
    'svc webhook deactivate 1') __svc_reply_asked 'webhook list --limit 100 --timeout 2 --retries 0' 1 ;;
    'svc webhook activate 1') __svc_reply_asked 'webhook list --limit 100 --timeout 2 --retries 0' 1 ;;
    'svc config set 1') __svc_reply_words 'api-key base-url api-key-header chain-id' ;;
    'svc config get 1') __svc_reply_words 'api-key base-url api-key-header chain-id' ;;
    'svc config unset 1') __svc_reply_words 'api-key base-url api-key-header chain-id' ;;
    'svc emulator deliveries show 1') __svc_reply_asked 'emulator deliveries --limit 100 --timeout 2 --retries 0' 2 ;;
    'svc emulator redeliver 1') __svc_reply_asked 'emulator deliveries --limit 100 --timeout 2 --retries 0' 2 ;;
    'svc api 1') __svc_reply_words '/v1/address/{address}/chains /v1/apiLogs /v1/apiUsageMetrics /v1/avax/supply /v1/blocks /v1/chains /v1/chains/{chainId} /v1/chains/{chainId}/addresses/{address} /v1/chains/{chainId}/addresses/{address}/balances:getNative /v1/chains/{chainId}/addresses/{address}/balances:listCollectibles /v1/chains/{chainId}/addresses/{address}/balances:listErc1155 /v1/chains/{chainId}/addresses/{address}/balances:listErc20 /v1/chains/{chainId}/addresses/{address}/balances:listErc721 /v1/chains/{chainId}/addresses/{address}/transactions /v1/chains/{chainId}/addresses/{address}/transactions:listErc1155 /v1/chains/{chainId}/addresses/{address}/transactions:listErc20 /v1/chains/{chainId}/addresses/{address}/transactions:listErc721 /v1/chains/{chainId}/addresses/{address}/transactions:listInternals /v1/chains/{chainId}/addresses/{address}/transactions:listNative /v1/chains/{chainId}/blocks /v1/chains/{chainId}/blocks/{blockId} /v1/chains/{chainId}/blocks/{blockId}/transactions /v1/chains/{chainId}/contracts/{address}/deployments /v1/chains/{chainId}/contracts/{address}/transactions:getDeployment /v1/chains/{chainId}/nfts/collections/{address}/tokens /v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId} /v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId}:reindex /v1/chains/{chainId}/tokens/{address}/transfers /v1/chains/{chainId}/transactions /v1/chains/{chainId}/transactions/{txHash} /v1/health-check /v1/icm/addresses/{address}/messages /v1/icm/messages /v1/icm/messages/{messageId} /v1/live-check /v1/networks/{network} /v1/networks/{network}/addresses:listChainIds /v1/networks/{network}/blockchains /v1/networks/{network}/blockchains/{blockchainId} /v1/networks/{network}/blockchains/{blockchainId}/assets/{assetId} /v1/networks/{network}/blockchains/{blockchainId}/assets/{assetId}/transactions /v1/networks/{network}/blockchains/{blockchainId}/balances /v1/networks/{network}/blockchains/{blockchainId}/blocks /v1/networks/{network}/blockchains/{blockchainId}/blocks/{blockId} /v1/networks/{network}/blockchains/{blockchainId}/lastActivityTimestampByAddresses /v1/networks/{network}/blockchains/{blockchainId}/nodes/{nodeId}/blocks /v1/networks/{network}/blockchains/{blockchainId}/transactions /v1/networks/{network}/blockchains/{blockchainId}/transactions/{txHash} /v1/networks/{network}/blockchains/{blockchainId}/transactions:listStaking /v1/networks/{network}/blockchains/{blockchainId}/utxos /v1/networks/{network}/blockchains/{blockchainId}/vertices /v1/networks/{network}/blockchains/{blockchainId}/vertices/{vertexHash} /v1/networks/{network}/blockchains/{blockchainId}/vertices:listByHeight /v1/networks/{network}/delegators /v1/networks/{network}/l1Validators /v1/networks/{network}/rewards /v1/networks/{network}/rewards:listPending /v1/networks/{network}/subnets /v1/networks/{network}/subnets/{subnetId} /v1/networks/{network}/validators /v1/networks/{network}/validators/{nodeId} /v1/operations/transactions:export /v1/operations/{operationId} /v1/primaryNetworkRpcUsageMetrics /v1/signatureAggregator/{network}/aggregateSignatures /v1/signatureAggregator/{network}/aggregateSignatures/{txHash} /v1/subnetRpcUsageMetrics /v1/transactions /v1/webhooks /v1/webhooks/{id} /v1/webhooks/{id}/addresses /v1/webhooks:generateOrRotateSharedSecret /v1/webhooks:getSharedSecret /v2/chains/{chainId}/addresses/{address}/transactions' ;;
    'svc completion 1') __svc_reply_words 'bash zsh fish' ;;
    esac
}

__svc_reply_words() {
    COMPREPLY=($(compgen -W "$1" -- "$cur"))
}

# Offers column "$2" of what "svc $1" prints piped (the service's ids); nothing when it fails.
__svc_reply_asked() {
    local values
    values=$(command svc $1 2>/dev/null | cut -f"$2")
    local IFS=$'\n'
    COMPREPLY=($(compgen -W "$values" -- "$cur"))
}

__svc_reply_files() {
    local IFS=$'\n'
    compopt -o filenames 2>/dev/null
    COMPREPLY=($(compgen -f -- "$cur"))
}

# The command line in words as svc reads them, into "words" and "cword": bash splits a word at ":" too
# (COMP_WORDBREAKS), so an operation path ("balances:listErc20") or a URL's port comes in pieces; the pieces no space
# parts are joined again.
__svc_words() {
    local i piece gap rest at=0
    words=() cword=0
    for ((i = 0; i < ${#COMP_WORDS[@]}; i++)); do
        piece=${COMP_WORDS[i]}
        rest=${COMP_LINE:at}
        gap=${rest%%[![:space:]]*}
        at=$((at + ${#gap} + ${#piece}))
        if ((i > 0 && ${#gap} == 0)) && [[ $piece == : || ${words[${#words[@]} - 1]} == *: ]]; then
            words[${#words[@]} - 1]+=$piece
        else
            words+=("$piece")
        fi
        if ((i == COMP_CWORD)); then cword=$((${#words[@]} - 1)); fi
    done
}

_svc() {
    local words cword
    __svc_words
    local cur="${words[cword]}"
    local cmdpath='svc' word pending='' helping=0 argc=0 i
    local __svc_commands __svc_has_help __svc_options __svc_value_options __svc_default
    COMPREPLY=()
    __svc_node "$cmdpath"
    for ((i = 1; i < cword; i++)); do
        word=${words[i]}
        if [[ $word == -* ]]; then
            # An option taking a value skips it ("--network fuji", or "--network = fuji" as bash splits "=").
            if [[ " $__svc_value_options " == *" $word "* ]]; then
                if [[ ${words[i+1]} == = ]]; then i=$((i + 1)); fi
                if ((i + 1 == cword)); then pending=$word; fi
                i=$((i + 1))
            fi
        elif ((!helping && __svc_has_help)) && [[ $word == help ]]; then
            helping=1
        elif [[ -n $__svc_commands && " $__svc_commands " == *" $word "* ]]; then
            cmdpath+=" $word"
            __svc_node "$cmdpath"
        elif [[ -n $__svc_default ]]; then
            # Not a command of a group that has a default one ("addresses <id>"): that command's first argument.
            cmdpath+=" $__svc_default"
            __svc_node "$cmdpath"
            argc=1
        else
            argc=$((argc + 1))
        fi
    done
    if [[ -n $pending ]]; then
        __svc_option_values "$cmdpath" "$pending"
    elif ((helping)); then
        __svc_reply_words "$__svc_commands"
    elif [[ $cur == -* ]]; then
        __svc_reply_words "$__svc_options"
    elif [[ -n $__svc_default ]]; then
        # A group with a default command ("addresses <id>"): its commands, and that command's first argument.
        __svc_argument_values "$cmdpath $__svc_default" 1
        local offered=("${COMPREPLY[@]}") group_words=$__svc_commands
        if ((__svc_has_help)); then group_words+=' help'; fi
        __svc_reply_words "$group_words"
        COMPREPLY+=("${offered[@]}")
    elif ((__svc_has_help)); then
        __svc_reply_words "$__svc_commands help"
    elif [[ -n $__svc_commands ]]; then
        __svc_reply_words "$__svc_commands"
    else
        __svc_argument_values "$cmdpath" $((argc + 1))
    fi
    # Bash replaces only its own last piece of the word: what comes before it is cut off each reply.
    local before=${cur%"${COMP_WORDS[COMP_CWORD]}"}
    if [[ -n $before ]]; then
        for ((i = 0; i < ${#COMPREPLY[@]}; i++)); do COMPREPLY[i]=${COMPREPLY[i]#"$before"}; done
    fi
    return 0
}

complete -F _svc svc
