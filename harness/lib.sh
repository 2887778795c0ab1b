# SPDX-License-Identifier: GPL-2.0
# Sourced by every harness script: strict mode, the output layout, progress logging.
set -euo pipefail

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=${OUT:-$TOP/out}
# The developer's kernel tree: tag "base", branch "series" = base + series/.
TREE=$OUT/linux
# A worktree of the same repository, checked out at "base", for the base kernel.
BASE_TREE=$OUT/linux-base
export HARNESS_START=${HARNESS_START:-$(date +%s)}

log() { printf '[%5ds] %s\n' $(($(date +%s) - HARNESS_START)) "$*" >&2; }
die() { log "error: $*"; exit 1; }

# tap <status> <description>: one TAP result line on stdout, numbered in order within a script.
TAP_N=0
tap() {
	TAP_N=$((TAP_N + 1))
	if [ "$1" = 0 ]; then echo "ok $TAP_N $2"; else echo "not ok $TAP_N $2"; fi
}

# The tree a kernel flavour is built from; its objects go to <tree>/.build so that
# kbuild sees srctree=".." in every tree and ccache shares objects between them.
flavour_tree() {
	case "$1" in
	base) echo "$BASE_TREE" ;;
	patched) echo "$TREE" ;;
	*) die "unknown kernel flavour '$1' (base or patched)" ;;
	esac
}

# The kernel console that run-vm writes next to the guest's own output LOG ($1).
kernel_log() { echo "${1%.log}-kernel.log"; }

# private_apt <dir> <suite>...: set apt_opts to an apt configuration of its own in dir, with the
# binary and source indexes of those suites of the system's Debian mirror (the system's apt
# sources are read, never changed), and update it.
private_apt() {
	local dir=$1 mirror suite
	shift
	mkdir -p "$dir/lists/partial" "$dir/archives/partial"
	mirror=$(apt-get indextargets --format '$(LABEL) $(REPO_URI)' | awk '$1 == "Debian" { print $2; exit }')
	[ -n "$mirror" ] || die "no Debian mirror in the system's apt configuration"
	for suite in "$@"; do
		for type in deb deb-src; do
			echo "$type [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror $suite main"
		done
	done >"$dir/sources.list"
	apt_opts=(-o "Dir::Etc::SourceList=$dir/sources.list" -o Dir::Etc::SourceParts=/dev/null
		  -o "Dir::State::Lists=$dir/lists" -o "Dir::Cache=$dir" -o APT::Sandbox::User=root)
	apt-get "${apt_opts[@]}" -qq update
}

# apt_source_file <package=version> <pattern> <dest dir>: download the file of that source
# package whose name matches the pattern (checked against its .dsc checksum) into dest dir, once,
# with apt_opts; prints its path.
apt_source_file() {
	local uri name hash
	read -r uri name _ hash < <(apt-get "${apt_opts[@]}" -qq --print-uris source "$1" | grep -- "$2")
	[ -n "$name" ] || die "no $2 in the source package $1"
	if [ ! -s "$3/$name" ]; then
		log "downloading $name"
		/usr/lib/apt/apt-helper download-file "${uri//\'/}" "$3/$name.part" "$hash" >&2
		mv "$3/$name.part" "$3/$name"
	fi
	echo "$3/$name"
}

# A digest of the patches listed in series/series.
series_digest() {
	local patch
	while read -r patch; do cat "$TOP/series/$patch"; done <"$TOP/series/series" | sha1sum | cut -c1-40
}

# Note that the tree's commit $1 is what series/ holds now (make-tree compares against it).
record_applied() {
	git -C "$TREE" update-ref refs/harness/applied "$1"
	series_digest >"$TREE/.git/harness-series"
}

# One line naming what a run measured: base version, series head, accel, QEMU, config.
run_stamp() {
	printf 'base: %s; series: %s patches (%s); accel: %s; %s; config: test.config %s\n' \
		"$(cat "$OUT/base/VERSION")" "$(git -C "$TREE" rev-list --count base..series)" \
		"$(git -C "$TREE" rev-parse --short series)" "$("$TOP/harness/probe-accel")" \
		"$(qemu-system-x86_64 --version | head -1 | sed 's/ (.*//')" \
		"$(sha1sum "$TOP/config/test.config" | cut -c1-8)"
}

# The accelerator for a timing run, probed once the kernel is built: ACCEL if set (tcg for
# wall-clock TCG), else KVM where a trial boot works, else tcg-icount. tcg-icount is TCG whose
# guest clock advances 1 ns per guest instruction: repeatable to <0.1% across boots of one kernel,
# where wall-clock TCG swings by up to 1.5x within one boot with the host's load. Its "ms" are
# millions of guest instructions, and QEMU's own device emulation is not counted.
bench_accel() {
	local accel=${ACCEL:-$("$TOP/harness/probe-accel")}
	[ "$accel" != tcg ] || [ -n "${ACCEL:-}" ] || accel=tcg-icount
	echo "$accel"
}

# setup <flavour>...: what every entry point that boots a guest does first: install the Debian
# packages, make the tree, build the kernels of those flavours (base, patched; KCONFIG_EXTRA
# applies) into kernel[<flavour>], build the vfio selftests and pack the initramfs.
declare -A kernel
setup() {
	local flavour
	"$TOP/harness/install-deps"
	"$TOP/harness/make-tree"
	for flavour; do kernel[$flavour]=$("$TOP/harness/build-kernel" "$flavour"); done
	"$TOP/harness/build-selftests" "$TREE" "$OUT/kselftest"
	"$TOP/harness/make-initramfs" >/dev/null
}

# Make a stamped results folder $OUT/results/<$1>-<time>, point $OUT/results/latest at it and
# print its path.
new_results() {
	local res=$OUT/results/$1-$(date +%Y%m%d-%H%M%S)
	mkdir -p "$res"
	ln -sfn "$(basename "$res")" "$OUT/results/latest"
	echo "$res"
}

# The guest's harness.perfargs for vfio_dma_mapping_perf_test: buffers of $1 MiB, $2 repetitions,
# the variants <mode>_<backing> for every mode in $3 and backing in $4 (space-separated lists).
perf_args() {
	local args="-s,$1,-n,$2" mode backing
	for mode in $3; do
		for backing in $4; do args+=",-v,${mode}_$backing"; done
	done
	echo "$args"
}

# vm_size check | perf <MiB>: export the guest's size for run-vm. check: the test suites' guest
# (1 GiB and 2 MiB hugetlb pools for the hugetlb backings and KUnit, 30 minutes before it counts
# as hung: under TCG edu takes ~200 ms per DMA copy). perf: vfio_dma_mapping_perf_test with
# buffers of that many MiB, one at a time: the 1G pool, the 2M pool and one buffer, plus slack.
vm_size() {
	case $1 in
	check) export VM_HUGEPAGES_1G=2 VM_HUGEPAGES_2M=512 VM_MEM=${VM_MEM:-6G} ;;
	perf)
		local gib=$((($2 + 1023) / 1024))
		export VM_HUGEPAGES_1G=$gib VM_HUGEPAGES_2M=$(($2 / 2)) VM_MEM=$((3 * gib + 2))G
		;;
	*) die "vm_size: unknown guest '$1'" ;;
	esac
	export VM_TIMEOUT=${VM_TIMEOUT:-1800}
}
