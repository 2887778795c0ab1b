# SPDX-License-Identifier: GPL-2.0
# Sourced by check-series, check-configs and check-cocci, after lib.sh: the objects a change
# touches, their compiler (W=1) and sparse warnings and coccicheck's reports, against base's.

# includers <dir> <header> [depth]: the .c files under dir that include the header, directly or
# through at most three other headers there.
includers() {
	local f depth=${3:-0}
	[ "$depth" -le 3 ] || return 0
	grep -rlE --include='*.[ch]' "#include \"([^\"]*/)?$2\"" "$1" | while read -r f; do
		case $f in
		*.c) echo "$f" ;;
		*.h) includers "$1" "${f##*/}" $((depth + 1)) ;;
		esac
	done
}

# touched_objects <tree>: the objects of the .c and .h files named on stdin (paths in the tree)
# that the test kernel compiles, as make targets. A .c file with no object of its own (a KUnit
# suite that another .c includes to reach its static functions) stands for the files that include
# it, as does a header outside include/ unless the change touches a .c file in its directory; a
# header in include/ reaches the whole kernel, which only a full build covers.
touched_objects() {
	local f dir changed
	changed=$(cat)
	while read -r f; do
		case $f in
		'') ;;
		*.c)
			if [ -f "$TREE/.build/${f%.c}.o" ]; then
				echo "${f%.c}.o"
			else
				includers "$1/${f%/*}" "${f##*/}" | sed "s|^$1/||; s|\.c$|.o|"
			fi ;;
		include/*) ;;
		*.h)
			dir=${f%/*}
			grep -qx "$dir/[^/]*\.c" <<<"$changed" && continue
			includers "$1/$dir" "${f##*/}" | sed "s|^$1/||; s|\.c$|.o|" ;;
		esac
	done <<<"$changed" | sort -u | while read -r f; do [ -f "$TREE/.build/$f" ] && echo "$f"; done
}

# lint <flavour> <tree> <object...>: compile the objects afresh with W=1 and sparse (build-kernel,
# so KCONFIG, KCONFIG_EXTRA, ARCH and CROSS_COMPILE apply) and print their warnings without line
# numbers, sorted; the build's output is in $OUT/lint.log. Exits non-zero if one does not compile.
lint() {
	local rc=0
	: "${SPARSE:=$("$TOP/harness/build-sparse")}"
	"$TOP/harness/build-kernel" "$1" "$2" W=1 C=1 CHECK="$SPARSE" "${@:3}" >"$OUT/lint.log" 2>&1 ||
		rc=$?
	grep -E ': (warning|error):' "$OUT/lint.log" |
		sed -E 's|^(\.\./)*||; s|^([^:]+):[0-9]+:([0-9]+:)? |\1: |' | sort -u
	return "$rc"
}

# cocci <dir> <log>: coccicheck's reports (MODE=report) on the C files under dir, as
# "<path in dir>: <message>" without line numbers, sorted; its output goes to log. Each semantic
# patch in the tree's scripts/coccinelle with a report mode runs on its own (COCCI=) over the whole
# dir: coccicheck stops at the first that fails, and the two that script in OCaml need an OCaml
# compiler that Debian's coccinelle lacks, so they are left out. Exits non-zero if one fails.
cocci() {
	local dir log=$2 f rc=0
	dir=$(realpath "$1")
	: >"$log"
	for f in $(grep -l 'virtual[[:space:]]*report' -r --include='*.cocci' "$TREE/scripts/coccinelle" | sort); do
		if grep -q ':ocaml' "$f"; then
			echo "skipped ${f#"$TREE"/}: OCaml scripting" >>"$log"
			continue
		fi
		(cd "$TREE" && COCCI=$f srctree=$TREE srcroot=$dir MODE=report J="$(nproc)" \
			DEBUG_FILE=/dev/null scripts/coccicheck) >>"$log" 2>&1 || rc=1
	done
	grep -E "^$dir/[^:]+:[0-9]+" "$log" | sed -E "s|^$dir/||; s|^([^:]+):[0-9]+:[0-9-]+: |\1: |" |
		sort -u
	return "$rc"
}

# new_warnings <cache> <checker> <flavour> <tree> <object...>: run the checker (lint)
# on the objects in the tree and print what it finds that it does not find in base's same
# objects. Base's findings are kept per object in the cache folder, one per checker and
# configuration. Exits non-zero if an object does not compile.
new_warnings() {
	local cache=$1 check=$2 o rc=0
	mkdir -p "$cache"
	for o in "${@:5}"; do
		[ -f "$cache/${o//\//_}" ] || [ ! -f "$BASE_TREE/${o%.o}.c" ] ||
			"$check" base "$BASE_TREE" "$o" >"$cache/${o//\//_}" || true
	done
	"$check" "$3" "$4" "${@:5}" >"$OUT/lint.patched" || rc=$?
	comm -13 <(for o in "${@:5}"; do cat "$cache/${o//\//_}" 2>/dev/null || true; done | sort -u) \
		"$OUT/lint.patched"
	return "$rc"
}
