#include "data.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <random>

char gszAll_Letters[] = { 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N', 'O', 'P',
						'Q', 'R', 'S', 'T', 'U', 'V', 'W', 'X', 'Y', 'Z', 'a', 'b', 'c', 'd', 'e', 'f',
						'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o', 'p', 'q', 'r', 's', 't', 'u', 'v',
						'w', 'x', 'y', 'z', ' ', '.', ',', ';', '\'', '-' };

int gn_letters = sizeof(gszAll_Letters);

allCategorysList_t gAllCategorysList;
map_category_all_lines gMapCategoryAllLines;

namespace {

const char *kLanguages[] = { "Arabic", "Chinese", "Czech", "Dutch", "English", "French",
							 "German", "Greek", "Irish", "Italian", "Japanese", "Korean",
							 "Polish", "Portuguese", "Russian", "Scottish", "Spanish", "Vietnamese" };
const char *kEndings[] = { "ar", "ng", "ek", "er", "son", "eau", "mann", "os", "an",
						   "ini", "ki", "im", "ski", "es", "ov", "ach", "ez", "uy" };

struct Inventory
{
	std::vector<std::string> syllables;
	std::string ending;
};

Inventory inventoryFor(int category)
{
	static const std::string consonants = "bcdfghjklmnprstvwz";
	static const std::string vowels = "aeiouy";
	std::mt19937 rng(1000 + category);
	Inventory inv;
	for (int k = 0; k < 6; ++k)
	{
		std::string s;
		s += consonants[rng() % consonants.size()];
		if (rng() % 3 == 0) s += consonants[rng() % consonants.size()];
		s += vowels[rng() % vowels.size()];
		inv.syllables.push_back(s);
	}
	inv.ending = kEndings[category];
	return inv;
}

std::string makeName(const Inventory &inv, int gender, std::mt19937 &rng)
{
	const int parts = 1 + static_cast<int>(rng() % 2);
	std::string name;
	for (int p = 0; p < parts; ++p) name += inv.syllables[rng() % inv.syllables.size()];
	name += inv.ending;
	if (gender == 1) name += (rng() % 2 == 0) ? "a" : "ina";
	name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
	return name;
}

}  // namespace

int getAllCategorys(allCategorysList_t &List)
{
	for (const char *lang : kLanguages)
	{
		STUALLCATEGORYS categorys;
		categorys.strCommonType = lang;
		ListAppend(List, categorys);
	}
	return 0;
}

int getAllLinesForCategorys(int names_per_category, unsigned seed)
{
	std::mt19937 rng(seed);
	int category = 0;
	for (const auto &c : gAllCategorysList)
	{
		const Inventory inv = inventoryFor(category++);
		enumerateLinesList_t eLinesList;
		for (int n = 0; n < names_per_category; ++n)
		{
			STUENUMERATELINES line;
			line.nGender = static_cast<int>(rng() % 2);
			line.strCommonType = makeName(inv, line.nGender, rng);
			eLinesList.push_back(line);
		}
		gMapCategoryAllLines[c.strCommonType] = eLinesList;
	}
	return 0;
}

void getTestLines(int per_category, unsigned seed, std::vector<std::string> &lines,
				  std::vector<int> &categories, std::vector<int> &genders)
{
	std::mt19937 rng(seed);
	for (int category = 0; category < static_cast<int>(gAllCategorysList.size()); ++category)
	{
		const Inventory inv = inventoryFor(category);
		for (int n = 0; n < per_category; ++n)
		{
			const int gender = static_cast<int>(rng() % 2);
			lines.push_back(makeName(inv, gender, rng));
			categories.push_back(category);
			genders.push_back(gender);
		}
	}
}

int letterToIndex(char szLetter)
{
	int seq = 0;
	for (seq = 0; seq < static_cast<int>(sizeof(gszAll_Letters)); seq++)
	{
		if (gszAll_Letters[seq] == szLetter)
			break;
	}
	if (seq == static_cast<int>(sizeof(gszAll_Letters)))
		return -1;
	return seq;
}

torch::Tensor lineToTensor(const char *szLine)
{
	const int64_t lLineLen = static_cast<int64_t>(std::strlen(szLine));
	torch::Tensor tensor = torch::zeros({ lLineLen, 1, static_cast<int64_t>(sizeof(gszAll_Letters)) });
	for (int64_t i = 0; i < lLineLen; i++)
		tensor[i][0][letterToIndex(szLine[i])] = 1;
	return tensor;
}

torch::Tensor linesToTensor(const std::vector<std::string> &lines, torch::Tensor &lengths)
{
	size_t max_len = 0;
	for (const auto &l : lines) max_len = std::max(max_len, l.size());
	const int64_t batch = static_cast<int64_t>(lines.size());
	std::vector<float> buf(max_len * batch * sizeof(gszAll_Letters), 0.0f);
	std::vector<int64_t> lens;
	for (int64_t b = 0; b < batch; ++b)
	{
		for (size_t i = 0; i < lines[b].size(); ++i)
		{
			const int idx = letterToIndex(lines[b][i]);
			buf[(i * batch + b) * sizeof(gszAll_Letters) + idx] = 1.0f;
		}
		lens.push_back(static_cast<int64_t>(lines[b].size()));
	}
	lengths = torch::tensor(lens, torch::kLong);
	return torch::from_blob(buf.data(), { static_cast<int64_t>(max_len), batch, static_cast<int64_t>(sizeof(gszAll_Letters)) },
							torch::kFloat32).clone();
}
